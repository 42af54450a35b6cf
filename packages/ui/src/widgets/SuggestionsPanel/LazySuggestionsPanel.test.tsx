import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazySuggestionsPanel } from './LazySuggestionsPanel.tsx';

// The panel's code arrives when the test says so; the panel itself (its hooks, its rows) is the
// stories' business.
const arrival = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive() };
});
vi.mock('./SuggestionsPanel.tsx', async () => {
  await arrival.arrived;
  return { SuggestionsPanel: () => <p>the suggestions</p> };
});

describe('LazySuggestionsPanel', () => {
  it("shows the panel's own loading state while its code arrives, then the panel", async () => {
    render(<LazySuggestionsPanel className="px-5 py-6" />);
    expect(screen.getByRole('heading', { name: 'Who to Follow' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading suggestions' })).toBeTruthy();
    expect(document.querySelector('[data-slot="suggestions-panel"]')?.className).toContain('px-5 py-6');

    await act(async () => arrival.arrive());
    expect(await screen.findByText('the suggestions')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading suggestions' })).toBeNull();
  });
});
