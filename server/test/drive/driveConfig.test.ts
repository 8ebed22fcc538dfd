import { randomBytes } from 'node:crypto';
import { DriveConfigError, GOOGLE_ENDPOINTS, GOOGLE_PICKER_SCRIPT_URL, loadDriveConfig } from '../../src/drive/driveConfig';

const key = `k1:${randomBytes(32).toString('base64')}`;
const complete = {
  DRIVE_CLIENT_ID: 'id.apps.example',
  DRIVE_CLIENT_SECRET: 'secret',
  DRIVE_REDIRECT_URI: 'https://widget.example.com/api/oauth/callback',
  TOKEN_KEY: key,
};

describe('drive configuration', () => {
  it('is absent without a client id', () => {
    expect(loadDriveConfig({}, false)).toBeNull();
  });

  it("defaults to the provider's real endpoints and asks for the drive scope only", () => {
    const setup = loadDriveConfig(complete, false);
    expect(setup?.provider).toMatchObject({ ...GOOGLE_ENDPOINTS, clientId: 'id.apps.example', scopes: ['https://www.googleapis.com/auth/drive'] });
    expect(setup?.cipher.currentKeyId).toBe('k1');
  });

  it('points at other endpoints (the fake provider) by configuration; plain http only on localhost in development', () => {
    const fake = { ...complete, DRIVE_AUTH_URL: 'http://127.0.0.1:4010/o/oauth2/auth', DRIVE_REDIRECT_URI: 'http://localhost:3000/api/oauth/callback' };
    expect(loadDriveConfig(fake, true)?.provider.authorizeUrl).toBe('http://127.0.0.1:4010/o/oauth2/auth');
    expect(() => loadDriveConfig(fake, false)).toThrow(/must use https/);
  });

  it('names what is missing or wrong', () => {
    expect(() => loadDriveConfig({ ...complete, DRIVE_CLIENT_SECRET: '' }, false)).toThrow(/DRIVE_CLIENT_SECRET/);
    expect(() => loadDriveConfig({ ...complete, DRIVE_REDIRECT_URI: undefined }, false)).toThrow(/DRIVE_REDIRECT_URI is not set/);
    expect(() => loadDriveConfig({ ...complete, DRIVE_REDIRECT_URI: 'https://widget.example.com/cb' }, false)).toThrow(/must end in \/api\/oauth\/callback/);
    expect(() => loadDriveConfig({ ...complete, TOKEN_KEY: undefined }, false)).toThrow(DriveConfigError);
    expect(() => loadDriveConfig({ ...complete, DRIVE_API_URL: 'not a url' }, false)).toThrow(/absolute URL/);
  });
});

describe('the drive access mode (DRIVE_ACCESS)', () => {
  const picker = { ...complete, DRIVE_ACCESS: 'picker', PICKER_API_KEY: 'AIza-key', PICKER_APP_ID: '123456789012' };

  it('defaults to browse, with the full drive scope and no Picker', () => {
    const setup = loadDriveConfig(complete, false);
    expect(setup).toMatchObject({ access: 'browse', picker: null });
    expect(setup?.provider.scopes).toEqual(['https://www.googleapis.com/auth/drive']);
  });

  it('asks for drive.file only in picker mode, with the Picker configured', () => {
    const setup = loadDriveConfig(picker, false);
    expect(setup?.access).toBe('picker');
    expect(setup?.provider.scopes).toEqual(['https://www.googleapis.com/auth/drive.file']);
    expect(setup?.picker).toEqual({ apiKey: 'AIza-key', appId: '123456789012', scriptUrl: GOOGLE_PICKER_SCRIPT_URL });
  });

  it('refuses a mode it does not know, even with no drive configured', () => {
    expect(() => loadDriveConfig({ ...complete, DRIVE_ACCESS: 'picked' }, false)).toThrow('DRIVE_ACCESS must be one of browse, picker, got "picked".');
    expect(() => loadDriveConfig({ DRIVE_ACCESS: 'full' }, false)).toThrow(DriveConfigError);
  });

  it("needs the Picker's API key and app id in picker mode", () => {
    expect(() => loadDriveConfig({ ...picker, PICKER_API_KEY: '' }, false)).toThrow(/PICKER_API_KEY is not set/);
    expect(() => loadDriveConfig({ ...picker, PICKER_APP_ID: undefined }, false)).toThrow(/PICKER_APP_ID is not set/);
    expect(() => loadDriveConfig({ ...picker, PICKER_SCRIPT_URL: 'http://picker.example.com/api.js' }, false)).toThrow(/must use https/);
  });
});
