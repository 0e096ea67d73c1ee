import { defineElement } from '../define';
import { listingProps } from './listing.props';
import { Listing } from './Listing';

defineElement('wellspring-listing', Listing, listingProps);
