import type * as React from 'react';
import { useForm, type FieldErrors, type FieldValues, type Resolver, type SubmitHandler, type UseFormProps } from 'react-hook-form';

/**
 * One check of the contract (spec §5) on a form's values: its message ("Enter the verification
 * code.", "Passwords do not match."), or null when it holds. Written with the contract's own
 * rules (`isEmailShape`, `passwordsMatchError`, `createPostError`…), the same functions its zod
 * schemas refine with, so the form and the server refuse the same things.
 */
export type FormRule<Values> = (values: Values) => string | null | undefined;

/**
 * Why not `@hookform/resolvers/zod` with the route's body schema: the schemas live in the route
 * table, which the client loads only when a multipart call is made (25.9 KB gzip with zod). The
 * rules are the functions those schemas refine with, so checking them directly refuses the same
 * values and no page pays for the table to check a form.
 */
function contractResolver<Values extends FieldValues>(rules: ReadonlyArray<FormRule<Values>>): Resolver<Values> {
  return (values) => {
    for (const rule of rules) {
      const message = rule(values);
      if (message) return { values: {}, errors: { root: { type: 'contract', message } } as FieldErrors<Values> };
    }
    return { values, errors: {} };
  };
}

export interface ContractFormOptions<Values extends FieldValues> extends Omit<UseFormProps<Values>, 'resolver'> {
  /** Checked in order on submit; the first that fails is the form's message and nothing is sent. */
  rules?: ReadonlyArray<FormRule<Values>>;
}

/**
 * Every Pitlane form's state: react-hook-form, checked on submit by the contract's rules in order.
 * Its cost, measured with `npm run bench:web -- --manifest-only`: react-hook-form 7.92 is 13.2 KB
 * gzip (useForm alone, minified: 12.8 KB), in the shared chunk of the pages with a form. The two forms on
 * first-load pages keep plain React state so those pages do not pay it: LoginForm (/login would
 * go 122.9 → 136.6 KB gzip) and CommentForm (/feeds); they still use FormRule and FormMessages.
 * Our forms speak in one message line under the fields (FormMessages), not a message per field,
 * so a failed rule lands in `errors.root` (type `contract`) and a server's refusal goes there too
 * (`failWith`); the next submit clears both. Focus stays where it was: the message is announced.
 */
export function useContractForm<Values extends FieldValues>({ rules = [], ...options }: ContractFormOptions<Values>) {
  const form = useForm<Values>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    ...options,
    resolver: contractResolver(rules),
  });
  return Object.assign(form, {
    /** The form's message now: the rule that failed, or what the server said. */
    message: form.formState.errors.root?.message ?? null,
    /** Show a failed call's message (spec §8: the server's, else the fallback). */
    failWith: (message: string) => form.setError('root', { type: 'server', message }),
    /**
     * The <form>'s onSubmit: the rules, then `onValid` with the values. While `skip` holds (the
     * call is already running, or the form is done) a submit does nothing at all.
     */
    submitWith: (onValid: SubmitHandler<Values>, skip = false) => (event: React.FormEvent) => {
      if (skip) {
        event.preventDefault();
        return;
      }
      void form.handleSubmit(onValid)(event);
    },
  });
}

export type ContractForm<Values extends FieldValues> = ReturnType<typeof useContractForm<Values>>;
