import * as React from 'react';
import { CircleAlert } from 'lucide-react';
import {
  FALLBACK_MESSAGES,
  MAX_REPORT_DETAILS_LENGTH,
  REPORT_REASON_LABELS,
  ReportInput,
  SUCCESS_MESSAGES,
  type ReportReason,
  type ReportTargetKind,
} from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useReport } from '@pitlane/api/hooks';
import { Button } from '../../primitives/Button/Button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  type DialogLayer,
} from '../../primitives/Dialog/Dialog.tsx';
import { Field, fieldStatusVariants } from '../../primitives/Field/Field.tsx';
import { RadioGroup, RadioGroupOption } from '../../primitives/RadioGroup/RadioGroup.tsx';
import { Textarea } from '../../primitives/Textarea/Textarea.tsx';

export interface ReportDialogProps {
  kind: ReportTargetKind;
  /** The post's, the comment's or the person's id. */
  targetId: string;
  /** What is reported, as the title and the question say it: "this post", "this comment", "@maya". */
  subject: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `over-menu` when opened from a dialog or sheet (the comments modal, the mobile menu). */
  layer?: DialogLayer;
}

const REASONS = Object.entries(REPORT_REASON_LABELS) as [ReportReason, string][];

/**
 * Report a post, a comment or a person (issue 18): why (one of five reasons), the reporter's own
 * words (optional, required for "Something else"), Send report. The server's refusal (already
 * reported, your own) shows in the dialog; once sent, the dialog thanks them, politely announced,
 * and Done closes it. The focus returns to whatever opened it.
 */
export function ReportDialog({ kind, targetId, subject, open, onOpenChange, layer }: ReportDialogProps) {
  const report = useReport();
  // While the report is on its way the dialog stays: closed then, its answer would go unheard.
  const handleOpenChange = (next: boolean) => {
    if (!next && report.isPending) return;
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent layer={layer} aria-busy={report.isPending || undefined}>
        {/* Mounted per opening, so a new report starts empty. */}
        {open ? (
          <ReportForm kind={kind} targetId={targetId} subject={subject} report={report} onClose={() => handleOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

interface ReportFormProps extends Pick<ReportDialogProps, 'kind' | 'targetId' | 'subject'> {
  report: ReturnType<typeof useReport>;
  onClose: () => void;
}

interface FormErrors {
  reason?: string;
  details?: string;
  /** The server's refusal, or the fallback when it gave none. */
  form?: string;
}

function ReportForm({ kind, targetId, subject, report, onClose }: ReportFormProps) {
  const [reason, setReason] = React.useState<ReportReason | ''>('');
  const [details, setDetails] = React.useState('');
  const [errors, setErrors] = React.useState<FormErrors>({});
  const [sent, setSent] = React.useState(false);
  const questionId = React.useId();
  const reasonErrorId = React.useId();
  const reasonsRef = React.useRef<HTMLDivElement>(null);
  const detailsRef = React.useRef<HTMLTextAreaElement>(null);
  const doneRef = React.useRef<HTMLButtonElement>(null);
  const detailsRequired = reason === 'other';

  // Send report is gone once sent: the focus goes to Done, the one thing left to do.
  React.useEffect(() => {
    if (sent) doneRef.current?.focus();
  }, [sent]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (report.isPending) return;
    // The contract's own schema checks it, with the messages the server would answer.
    const parsed = ReportInput.safeParse({ kind, targetId, reason: reason || undefined, details });
    if (!parsed.success) {
      const next: FormErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'reason' || field === 'details') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      // The first field to fix gets the focus (the group's chosen or first radio).
      if (next.reason) reasonsRef.current?.querySelector<HTMLElement>('[role="radio"]')?.focus();
      else if (next.details) detailsRef.current?.focus();
      return;
    }
    setErrors({});
    report.mutateAsync(parsed.data).then(
      () => setSent(true),
      (cause: unknown) => setErrors({ form: errorMessage(cause, FALLBACK_MESSAGES.reportFailed) }),
    );
  };

  const question = `Why are you reporting ${subject}?`;

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Report {subject}</DialogTitle>
        {/* One polite live region for the question and then the thanks: the change is what is heard. */}
        <DialogDescription role="status" prominent={sent}>
          {sent ? SUCCESS_MESSAGES.reportSent : <span id={questionId}>{question}</span>}
        </DialogDescription>
      </DialogHeader>

      {sent ? (
        <DialogFooter>
          <Button ref={doneRef} onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      ) : (
        <>
          <div className="grid">
            <RadioGroup
              ref={reasonsRef}
              aria-labelledby={questionId}
              aria-describedby={errors.reason ? reasonErrorId : undefined}
              aria-invalid={errors.reason ? true : undefined}
              aria-required
              value={reason}
              disabled={report.isPending}
              onValueChange={(value) => {
                setReason(value as ReportReason);
                setErrors((last) => ({ details: value === 'other' ? last.details : undefined }));
              }}
              className="-mx-3"
            >
              {REASONS.map(([value, label]) => (
                <RadioGroupOption key={value} value={value} label={label} />
              ))}
            </RadioGroup>
            {/* The same status line as a Field's, for the group the Field cannot wrap. */}
            <p id={reasonErrorId} aria-live="polite" className={fieldStatusVariants({ tone: 'error' })}>
              {errors.reason ? (
                <>
                  <CircleAlert />
                  <span>{errors.reason}</span>
                </>
              ) : null}
            </p>
          </div>

          <Field
            label={detailsRequired ? 'Details' : 'Details (optional)'}
            status={errors.details}
            tone={errors.details ? 'error' : undefined}
          >
            <Textarea
              ref={detailsRef}
              value={details}
              maxLength={MAX_REPORT_DETAILS_LENGTH}
              required={detailsRequired}
              readOnly={report.isPending}
              onChange={(event) => {
                setDetails(event.target.value);
                if (errors.details) setErrors((last) => ({ ...last, details: undefined }));
              }}
            />
          </Field>

          {errors.form ? (
            <p role="alert" className="rounded-md bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
              {errors.form}
            </p>
          ) : null}

          <DialogFooter>
            <Button variant="outline" disabled={report.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" busy={report.isPending} busyLabel="Sending...">
              Send report
            </Button>
          </DialogFooter>
        </>
      )}
    </form>
  );
}
