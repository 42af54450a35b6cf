import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { REFUSAL_MESSAGES, type Post } from '@pitlane/api/contract';
import { createMockBackend, failRoute, FIXTURE, FIXTURE_PHOTO_DESCRIPTIONS, fixtures, handlers, neverRespond, slowRoute } from '@pitlane/api/mocks';
import { PHOTO_DESCRIPTION_PROMPT, PHOTO_DESCRIPTION_REQUIRED } from '../ImagePicker/ImagePicker.tsx';
import { PostForm, UploadProgress, type PostFormProps } from './PostForm.tsx';

interface ScreenProps {
  mode: PostFormProps['mode'];
  /** Create: the community to preselect. */
  communityId?: string;
  /** Edit: the post to load. */
  postId?: string;
  onCreated: (post: Post) => void;
  onUpdated: (post: Post) => void;
  onCancel: () => void;
}

/** The form where the product shows it: a panel titled like the screen (spec §2). */
function Screen({ mode, communityId, postId = '', onCreated, onUpdated, onCancel }: ScreenProps) {
  return (
    <section aria-labelledby="post-form-title" className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 id="post-form-title" className="text-xl font-bold">
        {mode === 'create' ? 'Create Post' : 'Edit Post'}
      </h1>
      {mode === 'create' ? (
        <PostForm mode="create" communityId={communityId} onCreated={onCreated} onCancel={onCancel} />
      ) : (
        <PostForm mode="edit" postId={postId} onUpdated={onUpdated} onCancel={onCancel} />
      )}
    </section>
  );
}

const meta = {
  title: 'Widgets/PostForm',
  component: Screen,
  parameters: { session: true },
  args: { mode: 'create', onCreated: fn(), onUpdated: fn(), onCancel: fn() },
  beforeEach: ({ msw }) => {
    msw.use(...handlers(createMockBackend(fixtures.standard())));
  },
  // "Car:" (issue 17) fills in once Maya's garage has loaded: the screenshot waits for it.
  afterEach: () => waitFor(() => expect(document.querySelector('[data-slot="car-select"][aria-busy]')).toBeNull()),
} satisfies Meta<typeof Screen>;
export default meta;
type Story = StoryObj<typeof meta>;

const mobile = { viewport: { value: 'mobile', isRotated: false } };
const body = within(document.body);
/** Maya's own post with three images, two of them described: the one she edits. */
const OWN_POST = FIXTURE.posts.described;
const edit = { mode: 'edit', postId: OWN_POST } as const;

/** A real PNG drawn on a canvas, a different hue per file, so previews look like photos. */
async function photo(name: string, hue: number): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 240;
  canvas.height = 180;
  const ctx = canvas.getContext('2d')!;
  const gradient = ctx.createLinearGradient(0, 0, 240, 180);
  gradient.addColorStop(0, `hsl(${hue} 70% 60%)`);
  gradient.addColorStop(1, `hsl(${(hue + 50) % 360} 60% 28%)`);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, 240, 180);
  ctx.fillStyle = 'rgb(17 19 21 / 0.85)';
  ctx.fillRect(50, 100, 140, 30);
  ctx.fillRect(85, 82, 70, 22);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}
const photos = (count: number, from = 0) => Promise.all(Array.from({ length: count }, (_, i) => photo(`car-${from + i + 1}.png`, (from + i) * 67)));

type Canvas = ReturnType<typeof within>;
/** The post a callback spy was last called with. */
const lastPost = (spy: unknown) => (spy as ReturnType<typeof fn>).mock.lastCall as [Post];
type User = { type: (el: Element, text: string) => Promise<void>; upload: (el: HTMLElement, files: File | File[]) => Promise<void>; click: (el: Element) => Promise<void> };

const fileInput = (root: HTMLElement) => root.querySelector<HTMLInputElement>('input[type="file"]')!;
const submitButton = (canvas: Canvas, name = 'Create Post') => canvas.getByRole('button', { name });
const description = (canvas: Canvas, n: number) => canvas.getByRole('textbox', { name: `Description of photo ${n} (alt text)` });

async function fill(canvas: Canvas, root: HTMLElement, user: User, { images = 1, title = 'Weekend at the Nordschleife', content = 'Two laps, one Bratwurst, zero regrets.' } = {}) {
  if (title) await user.type(await canvas.findByRole('textbox', { name: 'Title' }), title);
  if (content) await user.type(canvas.getByRole('textbox', { name: 'Content' }), content);
  if (images) await user.upload(fileInput(root), await photos(images));
}

async function confirm(title: string, message: string, user: User) {
  const dialog = await body.findByRole('alertdialog', { name: title });
  await expect(dialog).toHaveAccessibleDescription(message);
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

// ---- Create ------------------------------------------------------------------------------------

/** Create Post, empty: "Post to:" offers My Profile and each of Maya's communities; Content hints "What's on your mind?". */
export const CreateEmpty: Story = {
  play: async ({ canvas }) => {
    const postTo = canvas.getByRole('combobox', { name: 'Post to:' });
    await waitFor(() =>
      expect([...(postTo as HTMLSelectElement).options].map((o) => o.text)).toEqual(['My Profile', 'Air-Cooled Porsche Club', 'JDM Legends']),
    );
    await expect(postTo).toHaveValue('');
    await expect(canvas.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    await expect(canvas.getByRole('textbox', { name: 'Content' })).toHaveAttribute('placeholder', "What's on your mind?");
    await expect(canvas.getByRole('group', { name: 'Selected Images (0 / 5)' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Select Photos' })).toBeEnabled();
  },
};

/** From a community page the community comes preselected. */
export const CreateInCommunity: Story = {
  args: { communityId: FIXTURE.communities.jdm },
  play: async ({ canvas }) => {
    const postTo = canvas.getByRole('combobox', { name: 'Post to:' });
    await waitFor(() => expect(postTo).toHaveValue(FIXTURE.communities.jdm));
    await expect(within(postTo).getByRole('option', { name: 'JDM Legends' })).toHaveProperty('selected', true);
  },
};

/** Blank title or content: "Title and content are required." (spec §5), and no confirmation. */
export const TitleAndContentRequired: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await fill(canvas, canvasElement, userEvent, { title: '   ', content: '' });
    await userEvent.click(submitButton(canvas));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Title and content are required.');
    await expect(canvas.getByRole('textbox', { name: 'Title' })).toBeInvalid();
    await expect(canvas.getByRole('textbox', { name: 'Content' })).toBeInvalid();
    await expect(canvas.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Title and content are required.');
    await expect(body.queryByRole('alertdialog')).not.toBeInTheDocument();
  },
};

/** No image: "Please select at least one image to upload." (spec §5). */
export const ImageRequired: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await fill(canvas, canvasElement, userEvent, { images: 0 });
    await userEvent.click(submitButton(canvas));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please select at least one image to upload.');
    await expect(canvas.getByRole('group', { name: 'Selected Images (0 / 5)' })).toHaveAccessibleDescription('Please select at least one image to upload.');
    await expect(body.queryByRole('alertdialog')).not.toBeInTheDocument();
    // Picking an image clears the message.
    await userEvent.upload(fileInput(canvasElement), await photos(1));
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** Six images at once: refused with "You can only upload a maximum of 5 images." (spec §5). */
export const SixImagesRefused: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.upload(fileInput(canvasElement), await photos(6));
    await expect(canvas.getByRole('alert')).toHaveTextContent('You can only upload a maximum of 5 images.');
    await expect(canvas.getByRole('group', { name: 'Selected Images (0 / 5)' })).toBeVisible();
  },
};

/** A valid post asks "Create Post" / "Are you sure you want to create this post?"; Cancel sends nothing. */
export const CreateConfirmation: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await fill(canvas, canvasElement, userEvent);
    await userEvent.click(submitButton(canvas));
    const dialog = await body.findByRole('alertdialog', { name: 'Create Post' });
    await expect(dialog).toHaveAccessibleDescription('Are you sure you want to create this post?');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled();
    // Stays open for the screenshot; cancelling is checked in CreateCancelled.
    await expect(args.onCreated).not.toHaveBeenCalled();
  },
};

/** Cancelling the confirmation leaves the form as it was, with nothing sent. */
export const CreateCancelled: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await fill(canvas, canvasElement, userEvent);
    await userEvent.click(submitButton(canvas));
    const dialog = await body.findByRole('alertdialog', { name: 'Create Post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('textbox', { name: 'Title' })).toHaveValue('Weekend at the Nordschleife');
    await expect(args.onCreated).not.toHaveBeenCalled();
  },
};

/** One image with its description, confirmed: the post is created on the profile and handed to `onCreated`. */
export const CreateOneImage: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await fill(canvas, canvasElement, userEvent);
    await expect(canvas.getByRole('group', { name: 'Selected Images (1 / 5)' })).toBeVisible();
    await userEvent.type(description(canvas, 1), '  Yellow coupe on the Nordschleife, Brünnchen corner ');
    await userEvent.click(submitButton(canvas));
    await confirm('Create Post', 'Are you sure you want to create this post?', userEvent);
    await waitFor(() => expect(args.onCreated).toHaveBeenCalledOnce());
    const [post] = lastPost(args.onCreated);
    await expect(post).toMatchObject({ title: 'Weekend at the Nordschleife', content: 'Two laps, one Bratwurst, zero regrets.', author: { username: 'maya.drives' } });
    await expect(post.imageUrls).toHaveLength(1);
    await expect(post.images?.map((image) => image.alt)).toEqual(['Yellow coupe on the Nordschleife, Brünnchen corner']);
    await expect(post.community ?? null).toBeNull();
  },
};

/** "Car:" (issue 17): None or one of Maya's cars, past ones marked; the post is created tagged to it. */
export const CreateTaggedToCar: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const car = await canvas.findByRole('combobox', { name: 'Car:' });
    await waitFor(() => expect([...(car as HTMLSelectElement).options].map((o) => o.text)).toEqual(['None', '2017 Mazda MX-5 RF', '1981 Porsche 911 SC', '2002 BMW M3 E46 (past)']));
    await expect(car).toHaveValue('');
    await userEvent.selectOptions(car, '1981 Porsche 911 SC');
    await fill(canvas, canvasElement, userEvent);
    await userEvent.click(submitButton(canvas));
    await confirm('Create Post', 'Are you sure you want to create this post?', userEvent);
    await waitFor(() => expect(args.onCreated).toHaveBeenCalledOnce());
    const [post] = lastPost(args.onCreated);
    await expect(post.car).toMatchObject({ _id: FIXTURE.cars.own, year: 1981, make: 'Porsche', model: '911', trim: 'SC' });
  },
};

/**
 * A photo without a description: the gentle prompt beside its field, and posting still works
 * (issue 18). The screenshot shows the prompt.
 */
export const CreateWithoutDescription: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await fill(canvas, canvasElement, userEvent);
    await expect(description(canvas, 1)).toHaveAccessibleDescription(expect.stringContaining(PHOTO_DESCRIPTION_PROMPT));
    await expect(description(canvas, 1)).toBeValid();
    await userEvent.click(submitButton(canvas));
    await confirm('Create Post', 'Are you sure you want to create this post?', userEvent);
    await waitFor(() => expect(args.onCreated).toHaveBeenCalledOnce());
    await expect(lastPost(args.onCreated)[0].images?.map((image) => image.alt)).toEqual(['']);
  },
};

/**
 * With "Require descriptions on my photos" on, a photo without one stops the post: the form says
 * why and the empty field is marked. Describing it clears both; the screenshot shows the stop.
 */
export const CreateDescriptionsRequired: Story = {
  beforeEach: ({ msw }) => {
    const seed = fixtures.standard();
    seed.users.find((user) => user.id === FIXTURE.users.maya)!.requirePhotoDescriptions = true;
    msw.use(...handlers(createMockBackend(seed)));
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await fill(canvas, canvasElement, userEvent, { images: 2 });
    await userEvent.type(description(canvas, 1), 'Front three-quarter in the pit lane');
    await expect(description(canvas, 2)).toHaveAccessibleDescription(expect.stringContaining(PHOTO_DESCRIPTION_REQUIRED));
    const refused = async () => {
      await userEvent.click(submitButton(canvas));
      await expect(canvas.getByRole('alert')).toHaveTextContent(REFUSAL_MESSAGES.photoDescriptionsRequired);
      await expect(description(canvas, 2)).toBeInvalid();
      await expect(description(canvas, 1)).toBeValid();
      await expect(body.queryByRole('alertdialog')).not.toBeInTheDocument();
    };
    await refused();
    await userEvent.type(description(canvas, 2), 'Rear wing');
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(description(canvas, 2)).toBeValid();
    // Blank again (spaces count as none): stopped again.
    await userEvent.clear(description(canvas, 2));
    await userEvent.type(description(canvas, 2), '   ');
    await refused();
    await expect(args.onCreated).not.toHaveBeenCalled();
  },
};

/** Five images in a community: all five go up, and the post carries the community. */
export const CreateFiveImagesInCommunity: Story = {
  args: { communityId: FIXTURE.communities.airCooled },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'Post to:' })).toHaveValue(FIXTURE.communities.airCooled));
    await fill(canvas, canvasElement, userEvent, { images: 5 });
    await expect(canvas.getByRole('group', { name: 'Selected Images (5 / 5)' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Select Photos' })).toBeDisabled();
    await userEvent.click(submitButton(canvas));
    await confirm('Create Post', 'Are you sure you want to create this post?', userEvent);
    await waitFor(() => expect(args.onCreated).toHaveBeenCalledOnce());
    const [post] = lastPost(args.onCreated);
    await expect(post.imageUrls).toHaveLength(5);
    await expect(post.community).toMatchObject({ _id: FIXTURE.communities.airCooled, name: 'Air-Cooled Porsche Club' });
  },
};

/**
 * While the images upload: a progress bar (role progressbar, aria-valuenow in percent), the
 * button reads "Posting..." and the form is frozen. The server here never answers.
 *
 * The percentage is the browser's own upload progress. Under Storybook the mock service worker
 * takes the request, and Chromium reports no upload progress for it before the reply, so the bar
 * sits at its start here; UploadProgressBar shows it part-way.
 */
export const Uploading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(neverRespond('posts.create'));
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await fill(canvas, canvasElement, userEvent, { images: 2 });
    await userEvent.click(submitButton(canvas));
    await confirm('Create Post', 'Are you sure you want to create this post?', userEvent);
    const bar = await canvas.findByRole('progressbar', { name: 'Uploading images...' });
    await expect(bar).toHaveAttribute('aria-valuemin', '0');
    await expect(bar).toHaveAttribute('aria-valuemax', '100');
    await expect(canvas.getByText(`${bar.getAttribute('aria-valuenow')}%`)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Posting...' })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('textbox', { name: 'Title' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Remove image 1' })).toBeDisabled();
    await expect(args.onCreated).not.toHaveBeenCalled();
  },
};

/** A slow server: the bar shows while the request is out, and goes away when the post is created. */
export const UploadProgressThenSuccess: Story = {
  beforeEach: ({ msw }) => {
    const backend = createMockBackend(fixtures.standard());
    msw.use(...handlers(backend));
    msw.use(slowRoute(backend, 'posts.create', 800));
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await fill(canvas, canvasElement, userEvent, { images: 3 });
    await userEvent.click(submitButton(canvas));
    await confirm('Create Post', 'Are you sure you want to create this post?', userEvent);
    const bar = await canvas.findByRole('progressbar');
    const seen = Number(bar.getAttribute('aria-valuenow'));
    await expect(seen).toBeGreaterThanOrEqual(0);
    await expect(seen).toBeLessThanOrEqual(100);
    await waitFor(() => expect(args.onCreated).toHaveBeenCalledOnce(), { timeout: 3000 });
    await expect(canvas.queryByRole('progressbar')).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Create Post' })).toBeEnabled();
  },
};

/** The server refuses with a message: that message shows (spec §8: server message first); the form stays filled for a retry. */
export const CreateFailedWithServerMessage: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('posts.create', 500, 'Server down'));
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await fill(canvas, canvasElement, userEvent);
    await userEvent.click(submitButton(canvas));
    await confirm('Create Post', 'Are you sure you want to create this post?', userEvent);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Server down');
    await expect(canvas.getByRole('textbox', { name: 'Title' })).toHaveValue('Weekend at the Nordschleife');
    await expect(canvas.getByRole('group', { name: 'Selected Images (1 / 5)' })).toBeVisible();
    await expect(canvas.queryByRole('progressbar')).not.toBeInTheDocument();
    await expect(args.onCreated).not.toHaveBeenCalled();
  },
};

/** Without a server message: "Failed to create post." (spec §8). */
export const CreateFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('posts.create', 500, ''));
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await fill(canvas, canvasElement, userEvent);
    await userEvent.click(submitButton(canvas));
    await confirm('Create Post', 'Are you sure you want to create this post?', userEvent);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed to create post.');
    await expect(args.onCreated).not.toHaveBeenCalled();
  },
};

/** The Cancel button hands back to the page (the modal closes). */
export const CreateCancelButton: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

/** Create on a phone: no drop zone, "Select Photos" across the width, previews three to a row. */
export const CreateMobile: Story = {
  globals: mobile,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await fill(canvas, canvasElement, userEvent, { images: 4 });
    await expect(canvas.queryByText('Drag and drop photos here, or')).not.toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Selected Images (4 / 5)' })).toBeVisible();
    const button = canvas.getByRole('button', { name: 'Create Post' }).getBoundingClientRect();
    await expect(button.width).toBeGreaterThan(300);
  },
};

/** The bar part-way through an upload: 42 % filled, and said as 42. */
export const UploadProgressBar: Story = {
  render: () => (
    <div className="max-w-xl">
      <UploadProgress percent={42} />
    </div>
  ),
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Uploading images...' });
    await expect(bar).toHaveAttribute('aria-valuenow', '42');
    await expect(canvas.getByText('42%')).toBeVisible();
    const fill = bar.firstElementChild!.getBoundingClientRect().width / bar.getBoundingClientRect().width;
    await expect(fill).toBeCloseTo(0.42, 2);
  },
};

// ---- Edit --------------------------------------------------------------------------------------

/** Edit Post while the post loads: the form's skeleton. */
export const EditLoading: Story = {
  args: edit,
  beforeEach: ({ msw }) => {
    msw.use(neverRespond('posts.get'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading post' })).toBeVisible();
    await expect(canvas.queryByRole('form')).not.toBeInTheDocument();
  },
};

/** Loading fails without a server message: "Failed to fetch post data." (spec §8), and Try again. */
export const EditLoadFailed: Story = {
  args: edit,
  beforeEach: ({ msw }) => {
    msw.use(failRoute('posts.get', 500, ''));
  },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Failed to fetch post data.');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(within(alert).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
};

/** A post that no longer exists: the server's "Post not found." comes first. */
export const EditPostNotFound: Story = {
  args: { ...edit, postId: 'p-deleted' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Post not found.');
  },
};

/** Loaded: title, content and the three existing images in order; "Images (3 / 5)"; no "Post to:". */
export const EditLoaded: Story = {
  args: edit,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Title' })).toHaveValue('Sunrise run over the Col de Turini');
    await expect(canvas.getByRole('textbox', { name: 'Content' })).toHaveValue('5 a.m. start, empty hairpins, cold air and a flat-six that loved every second of it.');
    await expect(canvas.getByRole('group', { name: 'Images (3 / 5)' })).toBeVisible();
    await expect(canvas.queryByRole('combobox', { name: 'Post to:' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('combobox', { name: 'Car:' })).toHaveValue(FIXTURE.cars.own);
    await expect(canvas.getAllByRole('img', { name: /^Image \d$/ })[0]!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    for (const [i, text] of FIXTURE_PHOTO_DESCRIPTIONS.entries()) await expect(description(canvas, i + 1)).toHaveValue(text);
    await expect(canvas.getByRole('button', { name: 'Update Post' })).toBeEnabled();
  },
};

/** Edit Post shows the post's car; "None" takes the tag away (the form sends `car: ''`). */
export const EditUntag: Story = {
  args: edit,
  play: async ({ args, canvas, userEvent }) => {
    const car = await canvas.findByRole('combobox', { name: 'Car:' });
    await expect(car).toHaveValue(FIXTURE.cars.own);
    await waitFor(() => expect(car).toBeEnabled());
    await userEvent.selectOptions(car, 'None');
    await userEvent.click(submitButton(canvas, 'Update Post'));
    await confirm('Update Post', 'Are you sure you want to save these changes?', userEvent);
    await waitFor(() => expect(args.onUpdated).toHaveBeenCalledOnce());
    const [post] = lastPost(args.onUpdated);
    await expect(post.car ?? null).toBeNull();
  },
};

/**
 * Existing image 2 removed, two new ones added: "Images (4 / 5)", a kept photo described anew.
 * Saving asks "Update Post" / "Are you sure you want to save these changes?", then `onUpdated`
 * gets the post with the kept images first, in order, and the new ones after, each with its description.
 */
export const EditRemoveAndAdd: Story = {
  args: edit,
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('group', { name: 'Images (3 / 5)' });
    const [first, , third] = canvas.getAllByRole('img', { name: /^Image \d$/ }).map((img) => img.getAttribute('src'));
    await userEvent.click(canvas.getByRole('button', { name: 'Remove image 2' }));
    await userEvent.upload(fileInput(canvasElement), await photos(2));
    await expect(canvas.getByRole('group', { name: 'Images (4 / 5)' })).toBeVisible();
    await userEvent.clear(description(canvas, 2));
    await userEvent.type(description(canvas, 2), 'Tail lights on the cold tarmac');
    await userEvent.type(description(canvas, 3), 'A new photo: the car at the summit');
    const title = canvas.getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Col de Turini at sunrise');
    await userEvent.click(canvas.getByRole('button', { name: 'Update Post' }));
    await confirm('Update Post', 'Are you sure you want to save these changes?', userEvent);
    await waitFor(() => expect(args.onUpdated).toHaveBeenCalledOnce());
    const [post] = lastPost(args.onUpdated);
    await expect(post.title).toBe('Col de Turini at sunrise');
    await expect(post.imageUrls).toHaveLength(4);
    await expect(post.imageUrls.slice(0, 2)).toEqual([first, third]);
    await expect(post.images?.map((image) => image.alt)).toEqual([FIXTURE_PHOTO_DESCRIPTIONS[0], 'Tail lights on the cold tarmac', 'A new photo: the car at the summit', '']);
  },
};

/** Blank title on edit: "Title and content are required.". */
export const EditTitleRequired: Story = {
  args: edit,
  play: async ({ canvas, userEvent }) => {
    await userEvent.clear(await canvas.findByRole('textbox', { name: 'Title' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Update Post' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Title and content are required.');
    await expect(canvas.getByRole('textbox', { name: 'Title' })).toBeInvalid();
    await expect(canvas.getByRole('textbox', { name: 'Content' })).toBeValid();
  },
};

/** Three existing images plus three new would make six: refused with the edit wording (spec §5). */
export const EditSixImagesRefused: Story = {
  args: edit,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('group', { name: 'Images (3 / 5)' });
    await userEvent.upload(fileInput(canvasElement), await photos(3));
    await expect(canvas.getByRole('alert')).toHaveTextContent('You can only have a maximum of 5 images in a post.');
    await expect(canvas.getByRole('group', { name: 'Images (3 / 5)' })).toBeVisible();
  },
};

/** Saving fails without a server message: "Failed to update post." (spec §8). */
export const EditFailed: Story = {
  args: edit,
  beforeEach: ({ msw }) => {
    msw.use(failRoute('posts.update', 500, ''));
  },
  play: async ({ args, canvas, userEvent }) => {
    await canvas.findByRole('group', { name: 'Images (3 / 5)' });
    await userEvent.click(canvas.getByRole('button', { name: 'Update Post' }));
    await confirm('Update Post', 'Are you sure you want to save these changes?', userEvent);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed to update post.');
    await expect(args.onUpdated).not.toHaveBeenCalled();
  },
};

/** Edit on a phone. */
export const EditMobile: Story = {
  args: edit,
  globals: mobile,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('group', { name: 'Images (3 / 5)' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Remove image 3' })).toBeVisible();
  },
};

/**
 * Issue 21: in Content, `#` and letters offer the tags in use and `@` and letters offer people,
 * in a list under the field; the keyboard picks (↓/↑, Enter or Tab) and the word becomes
 * `#tag ` or `@username `. Escape closes the list and leaves the dialog around the form open.
 */
export const ContentTypeahead: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...handlers(createMockBackend(fixtures.withTags())));
  },
  play: async ({ canvas, userEvent }) => {
    const content = canvas.getByRole('textbox', { name: 'Content' });
    await userEvent.click(content);
    await userEvent.keyboard('Shakedown #tr');
    const tags = await canvas.findByRole('listbox', { name: 'Tags' });
    await expect(await within(tags).findByRole('option', { name: /#trackday/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Tab}');
    await expect(content).toHaveValue('Shakedown #trackday ');
    await userEvent.keyboard('with @ke');
    const people = await canvas.findByRole('listbox', { name: 'People' });
    await within(people).findByRole('option', { name: /Kenji Watanabe/ });
    await userEvent.keyboard('{Escape}');
    await expect(people).not.toBeVisible();
    await userEvent.keyboard('n{Enter}');
    await expect(content).toHaveValue('Shakedown #trackday with @kenji.r ');
    await expect(content).toHaveFocus();
    // The list is open again for the screenshot.
    await userEvent.keyboard('and @l');
    await expect(await within(people).findByRole('option', { name: /Lena Novak/ })).toBeVisible();
  },
};

export const ContentTypeaheadMobile: Story = { ...ContentTypeahead, globals: mobile };
