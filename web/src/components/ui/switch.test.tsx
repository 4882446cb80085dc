// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { NativeSelect } from './native-select';
import { Switch } from './switch';

afterEach(cleanup);

function LabelledSwitch({ disabled = false }: { disabled?: boolean }) {
  const [on, setOn] = useState(false);
  return (
    <>
      <Switch id="auto" checked={on} onCheckedChange={setOn} disabled={disabled} />
      <label htmlFor="auto">Auto-refresh</label>
    </>
  );
}

describe('Switch', () => {
  it('is a switch named by its label, toggled by a click on either and by the keyboard', async () => {
    const user = userEvent.setup();
    render(<LabelledSwitch />);
    const control = screen.getByRole('switch', { name: 'Auto-refresh' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    await user.click(control);
    expect(control.getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByText('Auto-refresh'));
    expect(control.getAttribute('aria-checked')).toBe('false');
    control.focus();
    await user.keyboard(' ');
    expect(control.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Enter}');
    expect(control.getAttribute('aria-checked')).toBe('false');
  });

  it('does nothing while disabled', async () => {
    const user = userEvent.setup();
    render(<LabelledSwitch disabled />);
    const control = screen.getByRole('switch', { name: 'Auto-refresh' });
    await user.click(control);
    expect(control.getAttribute('aria-checked')).toBe('false');
  });
});

describe('NativeSelect', () => {
  it('is a combobox named by its label, listing its options and reporting the choice', async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    render(
      <>
        <label htmlFor="sort">Sort by</label>
        <NativeSelect
          id="sort"
          defaultValue="b"
          onChange={(event) => chosen.push(event.target.value)}
          options={[
            { value: 'a', label: 'Alpha' },
            { value: 'b', label: 'Beta' },
          ]}
        />
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Alpha', 'Beta']);
    expect((select as HTMLSelectElement).value).toBe('b');
    await user.selectOptions(select, 'Alpha');
    expect(chosen).toEqual(['a']);
  });
});
