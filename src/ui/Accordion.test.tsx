import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockReducedMotion, reducedMotionSwitch } from '../../test/helpers/reducedMotion';
import { Accordion } from './Accordion';
import { FadeIn } from './FadeIn';
import { ToggleButton } from './ToggleButton';

describe('Accordion', () => {
  it('a header button expands and collapses its labelled region, by mouse and keyboard', async () => {
    const user = userEvent.setup();
    render(
      <Accordion title="Title bar">
        <p>Show the file’s title</p>
      </Accordion>,
    );
    const button = screen.getByRole('button', { name: 'Title bar' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Title bar' })).not.toBeInTheDocument();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'Title bar' });
    expect(region).toHaveTextContent('Show the file’s title');
    expect(button).toHaveAttribute('aria-controls', region.id);
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard(' ');
    expect(screen.getByRole('region', { name: 'Title bar' })).toBeVisible();
  });

  it('animates for 150 ms, and not at all under reduced motion', () => {
    const { unmount } = render(
      <Accordion title="A" defaultOpen>
        x
      </Accordion>,
    );
    expect(screen.getByRole('region', { name: 'A' })).toHaveStyle({ animationName: 'ui-accordion-open', animationDuration: '150ms' });
    unmount();
    const restore = mockReducedMotion(true);
    try {
      render(
        <Accordion title="A" defaultOpen>
          x
        </Accordion>,
      );
      expect(screen.getByRole('region', { name: 'A' })).toHaveStyle({ animationDuration: '0ms' });
    } finally {
      restore();
    }
  });
});

describe('FadeIn', () => {
  it('fades in for 140 ms, and not at all under reduced motion', () => {
    const { unmount } = render(<FadeIn data-testid="page">Panel</FadeIn>);
    expect(screen.getByTestId('page')).toHaveStyle({ animationName: 'ui-fade-in', animationDuration: '140ms' });
    unmount();
    const restore = mockReducedMotion(true);
    try {
      render(<FadeIn data-testid="page">Panel</FadeIn>);
      expect(screen.getByTestId('page')).toHaveStyle({ animationDuration: '0ms' });
    } finally {
      restore();
    }
  });
});

describe('reduced motion', () => {
  it('follows a change of the system setting while shown', () => {
    const motion = reducedMotionSwitch(false);
    try {
      render(<FadeIn data-testid="page">Panel</FadeIn>);
      expect(screen.getByTestId('page')).toHaveStyle({ animationDuration: '140ms' });
      act(() => motion.set(true));
      expect(screen.getByTestId('page')).toHaveStyle({ animationDuration: '0ms' });
      act(() => motion.set(false));
      expect(screen.getByTestId('page')).toHaveStyle({ animationDuration: '140ms' });
    } finally {
      motion.restore();
    }
  });
});

describe('ToggleButton', () => {
  it('is a named button whose pressed state toggles', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const { rerender } = render(
      <ToggleButton label="Bold" pressed={false} onChange={onChange}>
        B
      </ToggleButton>,
    );
    const button = screen.getByRole('button', { name: 'Bold' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(onChange).toHaveBeenLastCalledWith(true);
    rerender(
      <ToggleButton label="Bold" pressed onChange={onChange}>
        B
      </ToggleButton>,
    );
    expect(screen.getByRole('button', { name: 'Bold', pressed: true })).toBeInTheDocument();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(false);
  });
});
