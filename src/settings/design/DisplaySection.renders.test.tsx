/**
 * The display choices re-render only for what they show: a change of another setting (the border's
 * width) leaves the section as it was drawn, while a change of its own setting draws it again.
 * Counted with React's Profiler on the panel's real store.
 */
import { Profiler } from 'react';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { startPanel, type PanelHarness } from '../../../test/helpers/panelHarness';
import { userActions } from '../model';
import { DisplaySection } from './DisplaySection';

let panel: PanelHarness;
afterEach(() => panel.stop());

it('draws the section again for its own setting only, not for a change of the border', async () => {
  panel = startPanel();
  await panel.until((s) => s.user.loaded && s.user.save.status === 'idle');
  let renders = 0;
  render(
    <Provider store={panel.store}>
      <Profiler id="display" onRender={() => void (renders += 1)}>
        <DisplaySection />
      </Profiler>
    </Provider>,
  );
  expect(screen.getByRole('radio', { name: 'Show as part of the page' })).toBeChecked();
  const drawn = renders;
  act(() => void panel.dispatch(userActions.borderWidthChanged(5)));
  await act(() => panel.until((s) => s.user.save.status === 'saved', 4000, 'the border saved'));
  expect(renders).toBe(drawn);
  act(() => void panel.dispatch(userActions.displayChosen('viewer')));
  expect(screen.getByRole('radio', { name: 'Show in the drive’s viewer' })).toBeChecked();
  expect(renders).toBeGreaterThan(drawn);
});
