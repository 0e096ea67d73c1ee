import { describe, expect, it } from 'vitest';
import { socialNetworkInfo, socialNetworksWithInfo } from '../../../src/domain/listing-social';
import type { SocialNetwork } from '../../../src/domain/types';

describe('social networks (spec 3)', () => {
  it.each([
    ['facebook', 'Facebook'],
    ['instagram', 'Instagram'],
    ['google', 'Google'],
    ['google-plus', 'Google+'],
    ['twitter', 'Twitter'],
    ['pinterest', 'Pinterest'],
  ])('%s has an icon and a name', (type, name) => {
    expect(socialNetworkInfo(type)).toEqual({ icon: `mdi-${type}`, name });
  });

  it('knows no other network', () => {
    expect(socialNetworkInfo('myspace')).toBeNull();
    expect(socialNetworkInfo('constructor')).toBeNull();
  });

  it('adds icon and name, drops unknown types and empty URLs', () => {
    const networks = [
      { url: 'facebook.com/glow', type: 'facebook' },
      { url: '', type: 'twitter' },
      { url: 'https://myspace.com/glow', type: 'myspace' },
    ] as unknown as SocialNetwork[];
    expect(socialNetworksWithInfo(networks)).toEqual([
      { url: 'http://facebook.com/glow', type: 'facebook', icon: 'mdi-facebook', name: 'Facebook' },
    ]);
  });
});
