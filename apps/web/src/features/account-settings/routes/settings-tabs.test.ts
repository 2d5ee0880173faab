import { describe, expect, it } from 'vitest';
import { settingsTab } from './settings-tabs';

describe('account settings: the tab a link opens', () => {
  it('is the one ?tab= names, or Security for none or one that does not exist', () => {
    expect(settingsTab('?tab=withdrawals')).toBe('withdrawals');
    expect(settingsTab('tab=account&x=1')).toBe('account');
    expect(settingsTab('')).toBe('security');
    expect(settingsTab('?tab=admin')).toBe('security');
  });
});
