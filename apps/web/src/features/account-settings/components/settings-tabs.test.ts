import { describe, expect, it } from 'vitest';
import { settingsTab } from './settings-tabs';

describe('account settings: the tab a link opens', () => {
  it('is the one ?tab= names, or Security for none or one that does not exist', () => {
    expect(settingsTab('withdrawals')).toBe('withdrawals');
    expect(settingsTab('account')).toBe('account');
    expect(settingsTab(null)).toBe('security');
    expect(settingsTab('admin')).toBe('security');
  });
});
