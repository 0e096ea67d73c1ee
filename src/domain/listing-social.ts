/** A listing's social network links with their icons and names (spec 3, 5). */

import { normaliseWebsite } from './listing';
import type { SocialNetwork, SocialNetworkType } from './types';

/** Icon and display name of a social network. */
export interface SocialNetworkInfo {
  /** Material Design Icons name; the UI maps it to its SVG. */
  icon: string;
  name: string;
}

/** Icons and names of the social networks a listing may link to (spec 3). */
export const SOCIAL_NETWORKS: Readonly<Record<SocialNetworkType, SocialNetworkInfo>> = {
  facebook: { icon: 'mdi-facebook', name: 'Facebook' },
  instagram: { icon: 'mdi-instagram', name: 'Instagram' },
  google: { icon: 'mdi-google', name: 'Google' },
  'google-plus': { icon: 'mdi-google-plus', name: 'Google+' },
  twitter: { icon: 'mdi-twitter', name: 'Twitter' },
  pinterest: { icon: 'mdi-pinterest', name: 'Pinterest' },
};

/** Icon and name of a social network type; null for a type we do not know. */
export function socialNetworkInfo(type: string): SocialNetworkInfo | null {
  const key = (type ?? '').trim().toLowerCase();
  return Object.prototype.hasOwnProperty.call(SOCIAL_NETWORKS, key)
    ? (SOCIAL_NETWORKS[key as SocialNetworkType] ?? null)
    : null;
}

/**
 * A listing's social networks with their derived icon and name; networks of an unknown type or
 * without a URL are dropped (there is nothing to show for them). URLs get 'http://' when needed.
 */
export function socialNetworksWithInfo(
  networks: readonly SocialNetwork[] | null | undefined,
): (SocialNetwork & SocialNetworkInfo)[] {
  const out: (SocialNetwork & SocialNetworkInfo)[] = [];
  for (const network of networks ?? []) {
    const info = socialNetworkInfo(network.type);
    const url = normaliseWebsite(network.url);
    if (info && url) out.push({ ...network, url, ...info });
  }
  return out;
}
