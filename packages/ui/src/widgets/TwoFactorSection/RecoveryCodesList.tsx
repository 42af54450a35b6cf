import * as React from 'react';
import { useMoveFocus } from '../../lib/use-move-focus.ts';
import { Button } from '../../primitives/Button/Button.tsx';

const TEXT = {
  heading: 'Your recovery codes',
  intro: 'Keep these somewhere safe, away from your phone. Each one signs you in once if you lose your authenticator app. They will not be shown again.',
  copy: 'Copy',
  copied: 'Copied.',
  download: 'Download',
  done: 'I saved my recovery codes',
  fileName: 'pitlane-recovery-codes.txt',
} as const;

export interface RecoveryCodesListProps {
  codes: readonly string[];
  onDone: () => void;
}

/** Recovery codes, shown once (issue 19): copy, download as a text file, then done. */
export function RecoveryCodesList({ codes, onDone }: RecoveryCodesListProps) {
  const [copied, setCopied] = React.useState(false);
  const headingId = React.useId();
  const text = `${codes.join('\n')}\n`;
  const heading = React.useRef<HTMLHeadingElement>(null);
  // The codes replace the form that asked for them: the reader goes to them.
  useMoveFocus(true, heading);

  const copy = () => {
    void navigator.clipboard?.writeText(text).then(() => setCopied(true));
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = TEXT.fileName;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div role="group" aria-labelledby={headingId} data-slot="recovery-codes" className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <h3 ref={heading} id={headingId} tabIndex={-1} className="font-semibold outline-none">
        {TEXT.heading}
      </h3>
      <p className="text-sm text-muted-foreground">{TEXT.intro}</p>
      <ul className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md bg-surface-sunken px-4 py-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={copy}>
          {TEXT.copy}
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          {TEXT.download}
        </Button>
        <span role="status" className="text-sm text-success">
          {copied ? TEXT.copied : ''}
        </span>
      </div>
      <div>
        <Button onClick={onDone}>{TEXT.done}</Button>
      </div>
    </div>
  );
}
