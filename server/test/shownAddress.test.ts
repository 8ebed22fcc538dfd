import { shownAddress } from '../src/shownAddress';

describe('the address the server prints', () => {
  test('is the OAuth callback origin when the callback is this loopback server (the flow cookie belongs to that host)', () => {
    expect(shownAddress('http://127.0.0.1:3000', 'http://localhost:3000/api/oauth/callback')).toBe('http://localhost:3000');
  });

  test('is the listen address when the callback is elsewhere, on another port, or not configured', () => {
    expect(shownAddress('http://127.0.0.1:3000', 'https://widget.example.com/api/oauth/callback')).toBe('http://127.0.0.1:3000');
    expect(shownAddress('http://127.0.0.1:3000', 'http://localhost:4000/api/oauth/callback')).toBe('http://127.0.0.1:3000');
    expect(shownAddress('http://[::1]:3000', undefined)).toBe('http://[::1]:3000');
  });
});
