import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GoLiveForm } from './go-live-form';

/* Issue 26: go-live refused while someone named for the stream has not consented; the form says why. */

afterEach(cleanup);

const REFUSAL =
  'You named someone in this live stream who has not consented or is not verified yet: it can start once they have (Studio → People in this stream)';

describe('GoLiveForm', () => {
  it("shows the server's refusal next to the button, as an alert", () => {
    render(<GoLiveForm defaultGroupPrice={0} error={REFUSAL} onSubmit={() => {}} />);
    expect(screen.getByRole('alert').textContent).toBe(REFUSAL);
  });

  it('shows no alert before a refusal, and sends the stream', () => {
    const onSubmit = vi.fn();
    render(<GoLiveForm defaultGroupPrice={0} onSubmit={onSubmit} />);
    expect(screen.queryByTestId('go-live-error')).toBeNull();
    fireEvent.change(screen.getAllByRole('textbox')[0], { target: { value: 'Duo show' } });
    fireEvent.click(screen.getByTestId('go-live'));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ title: 'Duo show', type: 'public' }));
  });
});
