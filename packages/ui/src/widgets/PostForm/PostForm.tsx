import * as React from 'react';
import { useController } from 'react-hook-form';
import { createPostError, editPostError, FALLBACK_MESSAGES, FORM_MESSAGES, photoDescriptionsError, REFUSAL_MESSAGES, type CarRef, type Post } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useCreatePost, usePost, useSession, useUpdatePost } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { useContractForm, type FormRule } from '../../lib/form.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { ConfirmDialog } from '../../primitives/ConfirmDialog/ConfirmDialog.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { ErrorLine } from '../../primitives/FormMessages/ErrorLine.tsx';
import { Input } from '../../primitives/Input/Input.tsx';
import { Select } from '../../primitives/Select/Select.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { Textarea } from '../../primitives/Textarea/Textarea.tsx';
import { CarSelect } from '../CarSelect/CarSelect.tsx';
import { existingImages, ImagePicker, type PickedImage } from '../ImagePicker/ImagePicker.tsx';
// The form is a lazily loaded page of its own: the list comes with it, ready on the first `@`.
import TypeaheadList from '../MentionTypeahead/TypeaheadList.tsx';

interface CommonProps {
  /** Shows a Cancel button that calls this (e.g. closes the Create Post modal). */
  onCancel?: () => void;
  className?: string;
}

export interface CreatePostFormProps extends CommonProps {
  mode: 'create';
  /** Preselects this community in "Post to:" (coming from a community page). */
  communityId?: string;
  /** The new post; the page navigates (to the profile, or the community it was posted in). */
  onCreated: (post: Post) => void;
}

export interface EditPostFormProps extends CommonProps {
  mode: 'edit';
  postId: string;
  /** The saved post; the page goes back. */
  onUpdated: (post: Post) => void;
}

export type PostFormProps = CreatePostFormProps | EditPostFormProps;

/**
 * Create Post and Edit Post (spec §2, §5): "Post to:" (create only), Title, Content, the image
 * picker, the §5 checks, the confirmation, an upload progress bar and the §8 failure texts.
 */
export function PostForm(props: PostFormProps) {
  return props.mode === 'create' ? <CreatePostForm {...props} /> : <EditPostForm {...props} />;
}

interface Values {
  title: string;
  content: string;
  community: string;
  /** The author's car the post is tagged to (issue 17); '' for none. */
  car: string;
  images: PickedImage[];
}

type Submit = (values: Values, onUploadProgress: ((fraction: number) => void) | undefined) => Promise<Post>;

function CreatePostForm({ communityId, onCreated, onCancel, className }: CreatePostFormProps) {
  const { userCommunities } = useSession();
  const createPost = useCreatePost();
  const submit: Submit = ({ title, content, community, car, images }, onUploadProgress) =>
    createPost.mutateAsync({
      body: { title, content, community: community || undefined, car: car || undefined, images: newFiles(images), imageAlts: descriptionsOf(images) },
      onUploadProgress,
    });
  return (
    <PostFormBody
      mode="create"
      initial={{ title: '', content: '', community: communityId ?? '', car: '', images: [] }}
      communities={userCommunities}
      submit={submit}
      onDone={onCreated}
      onCancel={onCancel}
      className={className}
    />
  );
}

function EditPostForm({ postId, onUpdated, onCancel, className }: EditPostFormProps) {
  const post = usePost(postId);
  const updatePost = useUpdatePost();

  if (post.isPending) return <PostFormSkeleton className={className} />;
  if (post.isError) {
    return (
      <div role="alert" className={cn('flex flex-col items-start gap-3', className)}>
        <ErrorLine>{errorMessage(post.error, FALLBACK_MESSAGES.fetchPostForEditFailed)}</ErrorLine>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => void post.refetch()}>
            Try again
          </Button>
          {onCancel ? (
            <Button variant="ghost" size="sm" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  const submit: Submit = ({ title, content, car, images }, onUploadProgress) =>
    updatePost.mutateAsync({
      postId,
      body: {
        title,
        content,
        // Issue 17: the car chosen, or '' to take the tag away.
        car,
        // Spec §7: the kept images, in the order shown; the new files are appended after them.
        existingImageUrls: images.flatMap((image) => (image.kind === 'existing' ? [image.url] : [])),
        images: newFiles(images),
        // One per image in the same order (kept, then new): kept photos can be described anew.
        imageAlts: descriptionsOf(images),
      },
      onUploadProgress,
    });
  return (
    <PostFormBody
      // Loaded once: a later refetch of the same post must not wipe what is being typed.
      key={post.data._id}
      mode="edit"
      initial={{ title: post.data.title, content: post.data.content, community: '', car: post.data.car?._id ?? '', images: existingImages(post.data) }}
      currentCar={post.data.car ?? null}
      submit={submit}
      onDone={onUpdated}
      onCancel={onCancel}
      className={className}
    />
  );
}

const newFiles = (images: PickedImage[]): File[] => images.flatMap((image) => (image.kind === 'new' ? [image.file] : []));
const descriptionsOf = (images: PickedImage[]): string[] => images.map((image) => image.alt.trim());

const COPY = {
  create: {
    formLabel: 'Create post',
    submit: 'Create Post',
    busy: 'Posting...',
    confirmTitle: 'Create Post',
    confirmMessage: 'Are you sure you want to create this post?',
    failed: FALLBACK_MESSAGES.createPostFailed,
  },
  edit: {
    formLabel: 'Edit post',
    submit: 'Update Post',
    busy: 'Saving...',
    confirmTitle: 'Update Post',
    confirmMessage: 'Are you sure you want to save these changes?',
    failed: FALLBACK_MESSAGES.updatePostFailed,
  },
} as const;

interface PostFormBodyProps extends CommonProps {
  mode: 'create' | 'edit';
  initial: Values;
  communities?: { _id: string; name: string }[];
  /** Edit: the car the post is tagged to now. */
  currentCar?: CarRef | null;
  submit: Submit;
  onDone: (post: Post) => void;
}

const uploadsOf = (values: Values) => newFiles(values.images).length;

/** Spec §5, as the contract words it: the first message that applies, or null. */
const RULES: Record<'create' | 'edit', FormRule<Values>> = {
  create: ({ title, content, images }) => createPostError({ title, content, imageCount: images.length }),
  edit: (values) => {
    const uploads = uploadsOf(values);
    return editPostError({ title: values.title, content: values.content, keptImageCount: values.images.length - uploads, newImageCount: uploads });
  },
};

/** The photos' descriptions: required on each when the person's settings say so (issue 18). */
const descriptionsRule =
  (required: boolean): FormRule<Values> =>
  ({ images }) =>
    photoDescriptionsError(descriptionsOf(images), { required });

function PostFormBody({ mode, initial, communities = [], currentCar = null, submit, onDone, onCancel, className }: PostFormBodyProps) {
  const copy = COPY[mode];
  const requireDescriptions = useSession().user?.requirePhotoDescriptions ?? false;
  const form = useContractForm<Values>({ defaultValues: initial, rules: [RULES[mode], descriptionsRule(requireDescriptions)] });
  const [confirming, setConfirming] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  /** Upload progress in percent while new images are on their way; null otherwise. */
  const [progress, setProgress] = React.useState<number | null>(null);
  const errorId = React.useId();
  const error = form.message;

  // A message about what was just changed is stale now; the next submit checks again.
  const clearMessage = () => {
    if (form.formState.errors.root) form.clearErrors('root');
  };
  // Controlled: the communities load after the form, and the chosen one must then show.
  const community = useController({ control: form.control, name: 'community' });
  const images = useController({ control: form.control, name: 'images' });
  const car = useController({ control: form.control, name: 'car' });
  const [title, content] = form.watch(['title', 'content']);
  const contentField = form.register('content', { onChange: clearMessage });
  const contentRef = React.useRef<HTMLTextAreaElement | null>(null);
  // The content field's ref, shared by react-hook-form and the type-ahead. One function for the
  // form's life, not a new one each render: preact/compat (issue 22) detaches a replaced ref in
  // the middle of a render, and runs the TypeaheadList's pending effect there too when it
  // re-renders before paint, so the list found `contentRef` empty and never listened to the field.
  // (`register` is stable; its options are the ones the render above gave it.)
  const { register } = form;
  const contentElement = React.useCallback(
    (element: HTMLTextAreaElement | null) => {
      register('content').ref(element);
      contentRef.current = element;
    },
    [register],
  );

  // Valid: ask first; the dialog sends.
  const handleSubmit = form.submitWith(() => setConfirming(true));

  const send = async () => {
    const values = form.getValues();
    const uploads = uploadsOf(values);
    setBusy(true);
    clearMessage();
    setProgress(uploads > 0 ? 0 : null);
    try {
      const post = await submit(values, uploads > 0 ? (fraction) => setProgress(Math.round(fraction * 100)) : undefined);
      onDone(post);
    } catch (failure) {
      // Spec §8: the server's message first, else "Failed to create post." / "Failed to update post.".
      form.failWith(errorMessage(failure, copy.failed));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const titleOrContentMissing = error === FORM_MESSAGES.titleAndContentRequired;
  const describedByError = (invalid: boolean) => (invalid ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {});

  return (
    <>
      <form aria-label={copy.formLabel} noValidate onSubmit={handleSubmit} className={cn('flex flex-col gap-4', className)}>
        {/* A disabled fieldset freezes every control at once while the post is being sent. */}
        <fieldset disabled={busy} className="flex min-w-0 flex-col gap-4">
          {mode === 'create' ? (
            <Field label="Post to:">
              <Select
                {...community.field}
                onChange={(event) => {
                  community.field.onChange(event.target.value);
                  clearMessage();
                }}
              >
                <option value="">My Profile</option>
                {communities.map((option) => (
                  <option key={option._id} value={option._id}>
                    {option.name}
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}
          <CarSelect
            value={car.field.value}
            current={currentCar}
            onChange={(carId) => {
              car.field.onChange(carId);
              clearMessage();
            }}
          />
          <Field label="Title">
            <Input
              {...form.register('title', { onChange: clearMessage })}
              autoComplete="off"
              {...describedByError(titleOrContentMissing && title.trim() === '')}
            />
          </Field>
          {/* Issue 21: `@` and `#` offer people and tags; the list hangs under the field. */}
          <div className="relative">
            <Field label="Content">
              <Textarea
                {...contentField}
                ref={contentElement}
                placeholder="What's on your mind?"
                rows={4}
                {...describedByError(titleOrContentMissing && content.trim() === '')}
              />
            </Field>
            <TypeaheadList field={contentRef} />
          </div>
          <ImagePicker
            mode={mode}
            value={images.field.value}
            onChange={(next) => {
              images.field.onChange(next);
              clearMessage();
            }}
            disabled={busy}
            invalid={error === FORM_MESSAGES.selectAtLeastOneImage}
            requireDescriptions={requireDescriptions}
            descriptionsInvalid={error === REFUSAL_MESSAGES.photoDescriptionsRequired}
            aria-describedby={error ? errorId : undefined}
          />
        </fieldset>

        {progress !== null ? <UploadProgress percent={progress} /> : null}

        {error ? (
          <div id={errorId} role="alert">
            <ErrorLine>{error}</ErrorLine>
          </div>
        ) : null}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onCancel ? (
            <Button variant="outline" disabled={busy} onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" busy={busy} busyLabel={copy.busy}>
            {copy.submit}
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={copy.confirmTitle}
        message={copy.confirmMessage}
        // Closes at once: the form below then shows the upload's progress and any failure.
        onConfirm={() => {
          void send();
        }}
      />
    </>
  );
}

/**
 * The images' upload, 0–100 %, from the client's upload progress events (XMLHttpRequest's
 * `upload.onprogress`, reported by the browser as the request body goes out).
 */
export function UploadProgress({ percent }: { percent: number }) {
  const labelId = React.useId();
  return (
    <div data-slot="upload-progress" className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between text-sm">
        <span id={labelId} className="font-medium">
          Uploading images...
        </span>
        <span className="text-muted-foreground tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-strong transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** Edit Post while the post loads: the form's own shape. */
export function PostFormSkeleton({ className }: { className?: string }) {
  return (
    <div role="status" aria-busy="true" aria-label="Loading post" className={cn('flex flex-col gap-4', className)}>
      {[0, 1].map((i) => (
        <div key={i} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-16" />
          <Skeleton className={i === 0 ? 'h-10 w-full' : 'h-24 w-full'} />
        </div>
      ))}
      <Skeleton className="h-4 w-28" />
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="aspect-square w-full" />
        ))}
      </div>
      <Skeleton className="h-10 w-32 self-end" />
    </div>
  );
}
