import { defineElement } from '../define';
import { searchProps } from './search.props';
import { Search } from './Search';

defineElement('wellspring-search', Search, searchProps);
