import { describe, expect, it } from 'vitest';
import { drawablePng } from './signature-image';

// A drawn signature is checked when it is given: what pdfkit cannot draw would stop the sealing later.
const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('a drawn signature', () => {
  it.each([
    ['a PNG from the pad', `data:image/png;base64,${PNG_1x1}`, true],
    ['bytes that are not a PNG', `data:image/png;base64,${Buffer.from('not a picture at all').toString('base64')}`, false],
    ['a PNG cut short', `data:image/png;base64,${PNG_1x1.slice(0, 40)}`, false],
    ['nothing', 'data:image/png;base64,', false],
  ])('%s → drawable: %s', (_, dataUrl, drawable) => {
    expect(drawablePng(dataUrl) !== null).toBe(drawable);
  });
});
