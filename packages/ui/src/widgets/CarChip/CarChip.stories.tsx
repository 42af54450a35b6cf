import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FIXTURE } from '@pitlane/api/mocks';
import { CarChip } from './CarChip.tsx';

const meta = {
  title: 'Widgets/CarChip',
  component: CarChip,
  args: { car: { _id: FIXTURE.cars.others, year: 1991, make: 'Porsche', model: '911', trim: 'Carrera 2' } },
} satisfies Meta<typeof CarChip>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The car a post is tagged to: its name with a car icon, linking to the car's page. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const chip = canvas.getByRole('link', { name: '1991 Porsche 911 Carrera 2' });
    await expect(chip).toHaveAttribute('href', `/car/${FIXTURE.cars.others}`);
  },
};

/** Without a trim or nickname: year, make and model. */
export const WithoutTrim: Story = {
  args: { car: { _id: FIXTURE.cars.ownNoCover, year: 2017, make: 'Mazda', model: 'MX-5', trim: '' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: '2017 Mazda MX-5' })).toHaveAttribute('href', `/car/${FIXTURE.cars.ownNoCover}`);
  },
};

/** A long name in a narrow column is cut short with an ellipsis; the link keeps the whole name. */
export const LongName: Story = {
  args: { car: { _id: 'car-long', year: 1964, make: 'Jaguar', model: 'E-Type', trim: 'Series 1 restomod with fuel injection and a five-speed' } },
  decorators: [(Story) => <div className="flex w-56">{<Story />}</div>],
  play: async ({ canvas }) => {
    const chip = canvas.getByRole('link', { name: /^1964 Jaguar E-Type Series 1 restomod/ });
    await expect(chip.getBoundingClientRect().width).toBeLessThanOrEqual(224);
    const label = chip.querySelector('span')!;
    await expect(label.scrollWidth).toBeGreaterThan(label.clientWidth);
  },
};

/** At 375 px. */
export const Mobile: Story = {
  ...Default,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};
