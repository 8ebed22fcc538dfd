import { useRef, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, type DialogProps } from './Dialog';
import { Popup } from './Popup';

function Harness({ onClose = () => {}, withInitialFocus = false, ...props }: Partial<DialogProps> & { withInitialFocus?: boolean }) {
  const [open, setOpen] = useState(false);
  const lastRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open notice
      </button>
      <button type="button">Outside</button>
      <Dialog
        open={open}
        title="Notice"
        description="Anyone with the link can edit this file."
        initialFocusRef={withInitialFocus ? lastRef : undefined}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        {...props}
      >
        <button type="button">First</button>
        <input aria-label="Middle" />
        <button type="button" ref={lastRef}>
          Last
        </button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('renders nothing while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens as a labelled, described modal in a portal with focus on the first tabbable element', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open notice' }));

    const dialog = screen.getByRole('dialog', { name: 'Notice' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Anyone with the link can edit this file.');
    expect(container).not.toContainElement(dialog);
    expect(document.querySelector('.ui-backdrop')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
  });

  it('focuses initialFocusRef when given', async () => {
    const user = userEvent.setup();
    render(<Harness withInitialFocus />);
    await user.click(screen.getByRole('button', { name: 'Open notice' }));
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
  });

  it('traps Tab and Shift+Tab inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open notice' }));
    const first = screen.getByRole('button', { name: 'First' });
    const middle = screen.getByRole('textbox', { name: 'Middle' });
    const last = screen.getByRole('button', { name: 'Last' });

    await user.tab();
    expect(middle).toHaveFocus();
    await user.tab();
    expect(last).toHaveFocus();
    await user.tab();
    expect(first).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    await user.tab({ shift: true });
    expect(middle).toHaveFocus();
  });

  it('Escape calls onClose and focus returns to the opener', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open notice' });
    await user.click(opener);
    expect(opener).not.toHaveFocus();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('supports role="alertdialog"', async () => {
    const user = userEvent.setup();
    render(<Harness role="alertdialog" />);
    await user.click(screen.getByRole('button', { name: 'Open notice' }));
    expect(screen.getByRole('alertdialog', { name: 'Notice' })).toHaveAttribute('aria-modal', 'true');
  });

  it('ignores backdrop clicks unless closeOnBackdropClick', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const { unmount } = render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open notice' }));
    await user.click(document.querySelector('.ui-backdrop')!);
    expect(onClose).not.toHaveBeenCalled();
    unmount();

    render(<Harness onClose={onClose} closeOnBackdropClick />);
    await user.click(screen.getByRole('button', { name: 'Open notice' }));
    await user.click(document.querySelector('.ui-backdrop')!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('lets a nested popup take Escape first', async () => {
    const user = userEvent.setup();
    const onDialogClose = jest.fn();
    function Nested() {
      const [popupOpen, setPopupOpen] = useState(false);
      return (
        <Dialog open title="Settings" onClose={onDialogClose}>
          <button type="button" onClick={() => setPopupOpen(true)}>
            Font
          </button>
          <Popup open={popupOpen} label="Font settings" onCancel={() => setPopupOpen(false)}>
            <button type="button">Bold</button>
          </Popup>
        </Dialog>
      );
    }
    render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Font' }));
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Font settings' })).not.toBeInTheDocument();
    expect(onDialogClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Font' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(onDialogClose).toHaveBeenCalledTimes(1);
  });
});
