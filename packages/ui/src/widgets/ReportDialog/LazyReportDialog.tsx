import * as React from 'react';
import type { ReportDialogProps } from './ReportDialog.tsx';

/*
 * The report dialog as the post card, the comment and the profile menu use it: fetched the first
 * time someone opens it. Its form (the reasons' radio group, the contract's schema and with it
 * zod) is tens of KB that no first page needs, since few people ever report (issue 22's budget).
 */
const ReportDialog = React.lazy(() => import('./ReportDialog.tsx').then((module) => ({ default: module.ReportDialog })));

/**
 * Renders nothing until first opened, then the real dialog (kept mounted, so it closes with its
 * animation and opens at once the next time). While its code arrives the focus stays on the
 * button that opened it, which is where the dialog returns it on closing.
 */
export function LazyReportDialog(props: ReportDialogProps) {
  const [wanted, setWanted] = React.useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <React.Suspense fallback={null}>
      <ReportDialog {...props} />
    </React.Suspense>
  );
}
