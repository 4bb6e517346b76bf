import { describe, expect, it } from 'vitest';
import { SETTINGS_FIELDS } from './settings-schema';
import { settingsFormSchema } from './settings-validation';

describe('settings form fields', () => {
  it('the page’s list of fields is the lazily loaded schema’s, in its order', () => {
    expect([...SETTINGS_FIELDS]).toEqual(Object.keys(settingsFormSchema.shape));
  });
});
