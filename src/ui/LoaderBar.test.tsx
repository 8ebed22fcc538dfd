import { render, screen } from '@testing-library/react';
import { LoaderBar } from './LoaderBar';
import { VisuallyHidden } from './VisuallyHidden';

describe('LoaderBar', () => {
  it('renders a busy progressbar named Loading only while active', () => {
    const { rerender, container } = render(<LoaderBar active={false} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();

    rerender(<LoaderBar active />);
    const bar = screen.getByRole('progressbar', { name: 'Loading' });
    expect(bar).toHaveAttribute('aria-busy', 'true');
    expect(bar).not.toHaveAttribute('aria-valuenow');

    rerender(<LoaderBar active={false} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('injects its stylesheet once', () => {
    render(
      <>
        <LoaderBar active />
        <LoaderBar active label="Loading files" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading files' })).toBeInTheDocument();
    expect(document.head.querySelectorAll('style[data-ui="loader-bar"]')).toHaveLength(1);
  });
});

describe('VisuallyHidden', () => {
  it('keeps text accessible while clipping it', () => {
    render(
      <button type="button">
        <span aria-hidden="true">×</span>
        <VisuallyHidden>Close</VisuallyHidden>
      </button>,
    );
    const label = screen.getByText('Close');
    expect(screen.getByRole('button', { name: 'Close' })).toContainElement(label);
    expect(label).toHaveStyle({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden' });
  });
});
