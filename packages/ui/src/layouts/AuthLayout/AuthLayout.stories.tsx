import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { carImage, createMockBackend, fixtures, handlers } from '@pitlane/api/mocks';
import { ForgotPasswordForm } from '../../widgets/ForgotPasswordForm/ForgotPasswordForm.tsx';
import { LoginForm } from '../../widgets/LoginForm/LoginForm.tsx';
import { RegisterForm } from '../../widgets/RegisterForm/RegisterForm.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { authBackgroundUrl } from './auth-background.ts';

const google = { name: 'Google', onSignIn: fn() };

const meta = {
  title: 'Layouts/AuthLayout',
  component: AuthLayout,
  args: { children: <LoginForm provider={google} /> },
  parameters: { frame: 'bare', session: true, router: { initialEntries: ['/login'] } },
  // The auth screens are for signed-out visitors.
  beforeEach: ({ msw }) => {
    msw.use(...handlers(createMockBackend(fixtures.signedOut())));
  },
} satisfies Meta<typeof AuthLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

const artwork = () => document.querySelector<HTMLElement>('[data-slot="auth-artwork"]')!;
const formColumn = (canvas: ReturnType<typeof within>) => canvas.getByRole('main');

/** Login at 1280: the form takes the left 30% (384 px), our artwork the right 70%. */
export const Login: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Pitlane' })).toBeVisible();
    await expect(within(formColumn(canvas)).getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(formColumn(canvas).getBoundingClientRect().width).toBe(384);
    const art = artwork();
    await expect(art).toBeVisible();
    await expect(art.getBoundingClientRect().width).toBe(1280 - 384);
    await expect(art.getBoundingClientRect().height).toBe(window.innerHeight);
    // Decoration: hidden from assistive technology, and drawn by us: a file of the build, served
    // from this origin (not a remote image, not a data URL riding in the page's JavaScript).
    await expect(art).toHaveAttribute('aria-hidden', 'true');
    const image = art.querySelector('img')!;
    await expect(image).toHaveAttribute('alt', '');
    await expect(image.getAttribute('src')).toBe(authBackgroundUrl);
    await expect(new URL(image.src).origin).toBe(window.location.origin);
    await expect(new URL(image.src).pathname).toMatch(/auth-background.*\.svg$/);
    await waitFor(() => expect(image.complete && image.naturalWidth > 0).toBe(true));
  },
};

/** Below 900 px (here 375) the artwork is hidden and the form takes the whole width. */
export const LoginMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(artwork()).not.toBeVisible();
    // Lazy: a phone, which never shows the artwork, never fetches it either.
    await expect(artwork().querySelector('img')).toHaveAttribute('loading', 'lazy');
    await expect(formColumn(canvas).getBoundingClientRect().width).toBe(375);
    await expect(within(formColumn(canvas)).getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  },
};

/** Register, step 1, in the layout. */
export const Register: Story = {
  args: { children: <RegisterForm provider={google} onRegistered={fn()} /> },
  parameters: { router: { initialEntries: ['/register'] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
    await expect(artwork()).toBeVisible();
  },
};

/** Register on a phone. */
export const RegisterMobile: Story = {
  ...Register,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
    await expect(artwork()).not.toBeVisible();
  },
};

/** Forgot Password in the layout. */
export const ForgotPassword: Story = {
  args: { children: <ForgotPasswordForm onReset={fn()} /> },
  parameters: { router: { initialEntries: ['/forgot-password'] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/');
  },
};

/** The artwork is a prop: later the server's media URL goes here. */
export const CustomImage: Story = {
  args: { imageUrl: carImage({ seed: 'auth-background', width: 1200, height: 1000, shape: 'coupe' }) },
  play: async ({ args }) => {
    await expect(artwork().querySelector('img')).toHaveAttribute('src', args.imageUrl);
  },
};
