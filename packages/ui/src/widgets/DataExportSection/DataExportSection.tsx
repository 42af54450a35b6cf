import * as React from 'react';
import { Download } from 'lucide-react';
import { FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { errorMessage, type DownloadedFile } from '@pitlane/api/client';
import { useDataExport } from '@pitlane/api/hooks';
import { Button } from '../../primitives/Button/Button.tsx';
import { FormMessages } from '../../primitives/FormMessages/FormMessages.tsx';
import { SettingsSection } from '../SettingsSection/SettingsSection.tsx';

/** The section's words (issue 19, Edit Profile). */
const TEXT = {
  heading: 'Your data',
  intro:
    'Download a copy of your profile, posts with their photos, comments, follows, communities, garage, saved posts and the people you blocked or muted, as one zip file.',
  download: 'Download my data',
  busy: 'Preparing your data...',
  downloaded: 'Your data has been downloaded.',
} as const;

/** Hands a downloaded file to the browser to save, under the server's name for it. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // After the click has handed the file over; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface DataExportSectionProps {
  /** What to do with the downloaded zip; by default the browser saves it. Stories pass a spy. */
  save?: (file: DownloadedFile) => void;
  className?: string;
}

/**
 * Edit Profile's "Your data" (issue 19): one button downloads a zip of everything the person has
 * put into Pitlane. Fetched rather than linked, so a refusal (one export a minute) shows here as
 * a sentence instead of a broken download; the server streams the zip, the browser keeps it.
 */
export function DataExportSection({ save = saveFile, className }: DataExportSectionProps) {
  const dataExport = useDataExport();
  const [error, setError] = React.useState<string | null>(null);
  const [done, setDone] = React.useState<string | null>(null);

  const download = () => {
    setError(null);
    setDone(null);
    dataExport.mutateAsync().then(
      (file) => {
        save(file);
        setDone(TEXT.downloaded);
      },
      (cause: unknown) => setError(errorMessage(cause, FALLBACK_MESSAGES.dataExportFailed)),
    );
  };

  return (
    <SettingsSection heading={TEXT.heading} intro={TEXT.intro} data-slot="data-export-section" className={className}>
      <div>
        <Button variant="outline" onClick={download} busy={dataExport.isPending} busyLabel={TEXT.busy}>
          <span className="inline-flex items-center gap-2">
            <Download aria-hidden />
            {TEXT.download}
          </span>
        </Button>
      </div>
      <FormMessages error={error} success={done} emphasis />
    </SettingsSection>
  );
}
