/** Renders the whole settings panel on a harness (real store, sagas, api client, Mirage drive). */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { SettingsApp } from '../../src/settings/SettingsApp';
import { startPanel, type PanelHarnessOptions } from './panelHarness';

export function renderSettings(options?: PanelHarnessOptions) {
  const panel = startPanel(options);
  const user = userEvent.setup();
  render(
    <Provider store={panel.store}>
      <SettingsApp />
    </Provider>,
  );
  return { panel, user };
}
