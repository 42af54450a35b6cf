import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FALLBACK_MESSAGES, REFUSAL_MESSAGES, SUCCESS_MESSAGES } from '@pitlane/api/contract';
import { failRoute, FIXTURE_RECOVERY_CODES, fixtures, mockApi, MOCK_TWO_FACTOR_CODE, withTwoFactor } from '@pitlane/api/mocks';
import { TwoFactorSection } from './TwoFactorSection.tsx';

const mobile = { globals: { viewport: { value: 'mobile', isRotated: false } } } as const;
const mayaWithTwoFactor = () => withTwoFactor(fixtures.standard(), 'maya.drives');

const meta = {
  title: 'Widgets/TwoFactorSection',
  component: TwoFactorSection,
  parameters: { session: true },
  beforeEach: mockApi(),
  decorators: [
    (Story) => (
      <div className="max-w-xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TwoFactorSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Off: what it does, and "Set up". */
export const Off: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Set up' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: /Two-factor sign-in/ })).toHaveTextContent('Off');
  },
};
export const OffMobile: Story = { ...Off, ...mobile };

/** "Set up": the QR code and the key to type in, and the field for the app's code. */
export const SettingUp: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Set up' }));
    await expect(await canvas.findByRole('img', { name: /QR code/ })).toBeVisible();
    await expect(canvas.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    await expect(canvas.getByLabelText('Code from the app')).toHaveFocus();
    // A code of the wrong shape is refused before anything is sent.
    await userEvent.type(canvas.getByLabelText('Code from the app'), '12{Enter}');
    await expect(canvas.getByRole('alert')).toHaveTextContent(REFUSAL_MESSAGES.twoFactorCodeRequired);
  },
};
export const SettingUpMobile: Story = { ...SettingUp, ...mobile };

/** The app's code turns it on: the recovery codes, shown once, with copy and download; then on. */
export const RecoveryCodesShown: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Set up' }));
    await userEvent.type(await canvas.findByLabelText('Code from the app'), '000000{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(REFUSAL_MESSAGES.twoFactorCodeWrong);
    await userEvent.clear(canvas.getByLabelText('Code from the app'));
    await userEvent.type(canvas.getByLabelText('Code from the app'), `${MOCK_TWO_FACTOR_CODE}{Enter}`);
    const codes = await canvas.findByRole('group', { name: 'Your recovery codes' });
    await expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    await expect(within(codes).getByRole('heading')).toHaveFocus();
    await expect(within(codes).getByRole('button', { name: 'Copy' })).toBeVisible();
    await expect(within(codes).getByRole('button', { name: 'Download' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: /Two-factor sign-in/ })).toHaveTextContent('On');
  },
};
export const RecoveryCodesShownMobile: Story = { ...RecoveryCodesShown, ...mobile };

/** On: recovery codes left, "New recovery codes" and "Turn off". */
export const On: Story = {
  beforeEach: mockApi(mayaWithTwoFactor),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('3 recovery codes left.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'New recovery codes' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Turn off' })).toBeVisible();
  },
};
export const OnMobile: Story = { ...On, ...mobile };

/** "Turn off" asks for a code or a recovery code first. */
export const TurnOff: Story = {
  beforeEach: mockApi(mayaWithTwoFactor),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Turn off' }));
    const field = canvas.getByLabelText('Code or recovery code');
    await expect(field).toHaveFocus();
    await userEvent.type(field, `${FIXTURE_RECOVERY_CODES[0]}{Enter}`);
    await expect(await canvas.findByRole('status')).toHaveTextContent(SUCCESS_MESSAGES.twoFactorOff);
    await expect(canvas.getByRole('button', { name: 'Set up' })).toBeVisible();
  },
};
export const TurnOffMobile: Story = { ...TurnOff, ...mobile };

/** "New recovery codes" with the app's code: the new codes, shown once. */
export const NewRecoveryCodes: Story = {
  beforeEach: mockApi(mayaWithTwoFactor),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'New recovery codes' }));
    await expect(canvas.getByText(/Your old recovery codes will stop working/)).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Code from the app'), `${MOCK_TWO_FACTOR_CODE}{Enter}`);
    const codes = await canvas.findByRole('group', { name: 'Your recovery codes' });
    await expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    await userEvent.click(within(codes).getByRole('button', { name: 'I saved my recovery codes' }));
    await expect(await canvas.findByText('10 recovery codes left.')).toBeVisible();
  },
};

/** The status could not be loaded: the sentence and a retry. */
export const Failed: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('twoFactor.status', 500, '')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(FALLBACK_MESSAGES.twoFactorFailed)).toBeVisible();
  },
};
