import { useRef, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Popup } from './Popup';

function Harness({ modal = false, onCancel = () => {} }: { modal?: boolean; onCancel?: () => void }) {
  const [open, setOpen] = useState(false);
  const anchorRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" ref={anchorRef} onClick={() => setOpen((value) => !value)}>
        Font
      </button>
      <p>Elsewhere on the panel</p>
      <Popup
        open={open}
        modal={modal}
        label="Font settings"
        width={287}
        anchorRef={anchorRef}
        onCancel={() => {
          onCancel();
          setOpen(false);
        }}
      >
        <p>Pick a font</p>
        <button type="button">Bold</button>
        <button type="button" onClick={() => setOpen(false)}>
          Done
        </button>
      </Popup>
    </>
  );
}

async function openPopup(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup();
  const onCancel = jest.fn();
  render(<Harness {...props} onCancel={onCancel} />);
  await user.click(screen.getByRole('button', { name: 'Font' }));
  return { user, onCancel, popup: screen.getByRole('dialog', { name: 'Font settings' }) };
}

describe('Popup', () => {
  it('is a labelled dialog of the given width with focus inside', async () => {
    const { popup } = await openPopup();
    expect(popup).toHaveStyle({ width: '287px' });
    expect(popup).not.toHaveAttribute('aria-modal');
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveFocus();
  });

  describe('non-modal', () => {
    it('Escape cancels and returns focus to the anchor', async () => {
      const { user, onCancel } = await openPopup();
      await user.keyboard('{Escape}');
      expect(onCancel).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Font' })).toHaveFocus();
    });

    it('a click outside cancels', async () => {
      const { user, onCancel } = await openPopup();
      await user.click(screen.getByText('Elsewhere on the panel'));
      expect(onCancel).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('a click inside does not cancel', async () => {
      const { user, onCancel } = await openPopup();
      await user.click(screen.getByText('Pick a font'));
      await user.click(screen.getByRole('button', { name: 'Bold' }));
      expect(onCancel).not.toHaveBeenCalled();
      expect(screen.getByRole('dialog', { name: 'Font settings' })).toBeInTheDocument();
    });

    it('a click on the anchor is left to the anchor (toggles closed, no cancel)', async () => {
      const { user, onCancel } = await openPopup();
      await user.click(screen.getByRole('button', { name: 'Font' }));
      expect(onCancel).not.toHaveBeenCalled();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('modal', () => {
    it('is aria-modal with a backdrop', async () => {
      const { popup } = await openPopup({ modal: true });
      expect(popup).toHaveAttribute('aria-modal', 'true');
      expect(document.querySelector('.ui-backdrop--popup')).toBeInTheDocument();
    });

    it('Escape does not cancel', async () => {
      const { user, onCancel } = await openPopup({ modal: true });
      await user.keyboard('{Escape}');
      expect(onCancel).not.toHaveBeenCalled();
      expect(screen.getByRole('dialog', { name: 'Font settings' })).toBeInTheDocument();
    });

    it('a click outside does not cancel', async () => {
      const { user, onCancel } = await openPopup({ modal: true });
      await user.click(document.querySelector('.ui-backdrop--popup')!);
      await user.click(document.body);
      expect(onCancel).not.toHaveBeenCalled();
      expect(screen.getByRole('dialog', { name: 'Font settings' })).toBeInTheDocument();
    });

    it('traps focus and closes through its own button', async () => {
      const { user, onCancel } = await openPopup({ modal: true });
      const bold = screen.getByRole('button', { name: 'Bold' });
      const done = screen.getByRole('button', { name: 'Done' });
      await user.tab();
      expect(done).toHaveFocus();
      await user.tab();
      expect(bold).toHaveFocus();
      await user.click(done);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(onCancel).not.toHaveBeenCalled();
    });
  });
});
