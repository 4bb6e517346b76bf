import { describe, expect, it } from 'vitest';
import type { DocumentVisibility, MessageChannel } from '../enums';
import { canOpenDocument, canReadChannel, defaultVisibility, isNarrowing, seatOf, type ChannelReader, type DocumentReader } from './case-access';

const seats = { lawyerId: 'L1', opposingLawyerId: 'L2', selectedMediatorId: 'M' };

describe('seatOf', () => {
  it.each([
    ['L1', 'first'],
    ['L2', 'second'],
    ['M', 'mediator'],
    ['X', null],
  ] as const)('%s sits at %s', (user, seat) => {
    expect(seatOf(seats, user)).toBe(seat);
  });

  it('nobody holds an empty seat', () => {
    expect(seatOf({ lawyerId: 'L1', opposingLawyerId: null, selectedMediatorId: null }, 'L2')).toBeNull();
  });
});

describe('canOpenDocument (uploaded by the first side)', () => {
  // reader → [own_side, side_and_mediator, everyone]
  const table: [DocumentReader, boolean, boolean, boolean][] = [
    ['first', true, true, true],
    ['mediator', false, true, true],
    ['admin', false, true, true],
    ['second', false, false, true],
    [null, false, false, false],
  ];
  it.each(table)('%s: own_side %s, side_and_mediator %s, everyone %s', (reader, own, sideMed, all) => {
    const visibilities: DocumentVisibility[] = ['own_side', 'side_and_mediator', 'everyone'];
    expect(visibilities.map((v) => canOpenDocument(v, 'first', reader))).toEqual([own, sideMed, all]);
  });

  it('is symmetric for the second side', () => {
    expect(canOpenDocument('own_side', 'second', 'second')).toBe(true);
    expect(canOpenDocument('side_and_mediator', 'second', 'first')).toBe(false);
    expect(canOpenDocument('everyone', 'second', 'first')).toBe(true);
  });
});

describe('visibility widths and defaults', () => {
  it.each([
    ['everyone', 'side_and_mediator', true],
    ['everyone', 'own_side', true],
    ['side_and_mediator', 'own_side', true],
    ['own_side', 'everyone', false],
    ['side_and_mediator', 'everyone', false],
    ['everyone', 'everyone', false],
  ] as const)('%s → %s narrows: %s', (from, to, narrows) => {
    expect(isNarrowing(from, to)).toBe(narrows);
  });

  it('a brief is for the mediator, a case file for everyone', () => {
    expect(defaultVisibility('brief')).toBe('side_and_mediator');
    expect(defaultVisibility('case_file')).toBe('everyone');
  });
});

describe('canReadChannel', () => {
  const readers: ChannelReader[] = ['first', 'second', 'mediator', 'admin', null];
  const row = (channel: MessageChannel, twoSided: boolean) => readers.map((r) => canReadChannel(channel, r, twoSided));

  it('one-sided: the spec thread only, for the lawyer, the mediator and admins', () => {
    expect(row('first', false)).toEqual([true, false, true, true, false]);
    expect(row('second', false)).toEqual([false, false, false, false, false]);
    expect(row('joint', false)).toEqual([false, false, false, false, false]);
  });

  it('two-sided: private channels for their side and the mediator; the joint channel for all, admins included', () => {
    expect(row('first', true)).toEqual([true, false, true, false, false]);
    expect(row('second', true)).toEqual([false, true, true, false, false]);
    expect(row('joint', true)).toEqual([true, true, true, true, false]);
  });
});
