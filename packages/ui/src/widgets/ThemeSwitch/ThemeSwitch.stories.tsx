import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { setThemePreference, THEME_STORAGE_KEY } from '../../lib/theme.ts';
import { ThemeSwitch } from './ThemeSwitch.tsx';

const meta = {
  title: 'Widgets/ThemeSwitch',
  component: ThemeSwitch,
  args: { value: 'system', onValueChange: fn() },
  decorators: [(Story) => <div className="max-w-xs"><Story /></div>],
} satisfies Meta<typeof ThemeSwitch>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The default: "System", following the operating system's setting. */
export const System: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radiogroup', { name: 'Theme' })).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: 'System' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Light' })).not.toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Dark' })).not.toBeChecked();
  },
};

export const Light: Story = { args: { value: 'light' } };

export const Dark: Story = { args: { value: 'dark' } };

/** One tab stop; the arrow keys move along and choose, as radios do. */
export const Keyboard: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'System' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(canvas.getByRole('radio', { name: 'Light' })).toHaveFocus());
    await expect(args.onValueChange).toHaveBeenLastCalledWith('light');
    await userEvent.click(canvas.getByRole('radio', { name: 'Dark' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith('dark');
  },
};

/**
 * Without a value it is this device's switch: a choice applies to the page at once (the class on
 * <html>) and is kept in localStorage; "System" forgets it. The story leaves the page as it found it.
 */
export const AppliesAtOnce: Story = {
  args: { value: undefined, onValueChange: undefined },
  beforeEach: () => {
    setThemePreference('system');
    return () => setThemePreference('system');
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Dark' }));
    await expect(canvas.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect(document.documentElement).toHaveClass('dark');
    await expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await userEvent.click(canvas.getByRole('radio', { name: 'Light' }));
    await expect(document.documentElement).not.toHaveClass('dark');
    await expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    // The stories' browser prefers light: "System" is light here.
    await userEvent.click(canvas.getByRole('radio', { name: 'System' }));
    await expect(document.documentElement).not.toHaveClass('dark');
    await expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { value: 'dark' },
};
