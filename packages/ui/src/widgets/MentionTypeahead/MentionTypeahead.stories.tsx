import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { fixtures, mockApi } from '@pitlane/api/mocks';
import { Field } from '../../primitives/Field/Field.tsx';
import { Input } from '../../primitives/Input/Input.tsx';
import { Textarea } from '../../primitives/Textarea/Textarea.tsx';
import { MentionTypeahead } from './MentionTypeahead.tsx';

/** A post's content field and a comment field as PostForm and CommentForm hold them. */
function Fields() {
  const content = React.useRef<HTMLTextAreaElement>(null);
  const comment = React.useRef<HTMLInputElement>(null);
  const [text, setText] = React.useState('');
  const [commentText, setCommentText] = React.useState('');
  return (
    <div className="flex max-w-[600px] flex-col gap-4">
      <div className="relative">
        <Field label="Content">
          <Textarea ref={content} rows={4} value={text} onChange={(event) => setText(event.target.value)} />
        </Field>
        <MentionTypeahead field={content} />
      </div>
      {/* Room over the comment field for its list. */}
      <div className="relative mt-56">
        <Input ref={comment} aria-label="Add a comment" value={commentText} onChange={(event) => setCommentText(event.target.value)} />
        <MentionTypeahead field={comment} placement="above" />
      </div>
    </div>
  );
}

const meta = {
  title: 'Widgets/MentionTypeahead',
  component: Fields,
  parameters: { session: true },
  beforeEach: mockApi(fixtures.withTags),
} satisfies Meta<typeof Fields>;
export default meta;
type Story = StoryObj<typeof meta>;

const mobile = { viewport: { value: 'mobile', isRotated: false } };

const listOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-controls') ?? '')!;

/**
 * `@` and letters offer people: the field owns the list (aria-autocomplete, aria-controls) and
 * points at the highlighted option (aria-activedescendant), the first as the list opens. ↓ moves,
 * Enter writes `@username ` in place of the word, and the list closes.
 */
export const MentionWithKeyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    const content = canvas.getByRole('textbox', { name: 'Content' });
    await userEvent.click(content);
    await userEvent.keyboard('Thanks @j');
    const list = await canvas.findByRole('listbox', { name: 'People' });
    await expect(content).toHaveAttribute('aria-autocomplete', 'list');
    await expect(content).toHaveAttribute('aria-controls', list.id);
    const options = await within(list).findAllByRole('option');
    await expect(options[0]).toHaveTextContent('@jonas.e30');
    await expect(content).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await expect(options[0]).toHaveAttribute('aria-selected', 'true');

    await userEvent.keyboard('o');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    await userEvent.keyboard('{ArrowDown}');
    // One option: ↓ wraps around to it.
    await expect(content).toHaveAttribute('aria-activedescendant', within(list).getByRole('option').id);
    await userEvent.keyboard('{Enter}');
    await expect(content).toHaveValue('Thanks @jonas.e30 ');
    await expect(list).not.toBeVisible();
    await expect(content).not.toHaveAttribute('aria-activedescendant');
    await expect(content).toHaveFocus();
    // Writing goes on after the name.
    await userEvent.keyboard('for the scales');
    await expect(content).toHaveValue('Thanks @jonas.e30 for the scales');
  },
};

export const MentionWithKeyboardMobile: Story = { ...MentionWithKeyboard, globals: mobile };

/** `#` and letters offer the tags in use, most used first, with their counts; Tab writes `#tag `. */
export const TagWithKeyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    const content = canvas.getByRole('textbox', { name: 'Content' });
    await userEvent.click(content);
    await userEvent.keyboard('Shakedown done #');
    await expect(listOf(content)).not.toBeVisible();
    await userEvent.keyboard('a');
    const list = await canvas.findByRole('listbox', { name: 'Tags' });
    await waitFor(() => expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['#aircooled2 posts', '#ae861 post']));
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(list).getByRole('option', { name: /#ae86/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Tab}');
    await expect(content).toHaveValue('Shakedown done #ae86 ');
    await expect(content).toHaveFocus();
  },
};

export const TagWithKeyboardMobile: Story = { ...TagWithKeyboard, globals: mobile };

/** Escape closes the list and keeps the text; typing on opens it again. */
export const EscapeCloses: Story = {
  play: async ({ canvas, userEvent }) => {
    const content = canvas.getByRole('textbox', { name: 'Content' });
    await userEvent.click(content);
    await userEvent.keyboard('@ke');
    const list = await canvas.findByRole('listbox', { name: 'People' });
    await within(list).findByRole('option', { name: /Kenji/ });
    await userEvent.keyboard('{Escape}');
    await expect(list).not.toBeVisible();
    await expect(content).toHaveValue('@ke');
    await userEvent.keyboard('n');
    await expect(await within(list).findByRole('option', { name: /Kenji/ })).toBeVisible();
  },
};

/**
 * The comment field (an input): its list opens over it; a click on a person writes the name and
 * keeps the focus in the field.
 */
export const CommentFieldWithMouse: Story = {
  play: async ({ canvas, userEvent }) => {
    const comment = canvas.getByRole('textbox', { name: 'Add a comment' });
    await userEvent.click(comment);
    await userEvent.keyboard('nice one @le');
    const list = await canvas.findByRole('listbox', { name: 'People' });
    const lena = await within(list).findByRole('option', { name: /Lena/ });
    await expect(list.getBoundingClientRect().bottom).toBeLessThanOrEqual(comment.getBoundingClientRect().top);
    await userEvent.click(lena);
    await expect(comment).toHaveValue('nice one @lena.restomod ');
    await expect(comment).toHaveFocus();
    await expect(list).not.toBeVisible();
  },
};

export const CommentFieldWithMouseMobile: Story = { ...CommentFieldWithMouse, globals: mobile };

/** The list stays open for the screenshot: people for `@`, each with picture, name and username. */
export const OpenList: Story = {
  play: async ({ canvas, userEvent }) => {
    const content = canvas.getByRole('textbox', { name: 'Content' });
    await userEvent.click(content);
    await userEvent.keyboard('Who is coming? @');
    await userEvent.keyboard('l');
    const list = await canvas.findByRole('listbox', { name: 'People' });
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(0));
  },
};

export const OpenListMobile: Story = { ...OpenList, globals: mobile };
