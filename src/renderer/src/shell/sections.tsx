/**
 * The sections the navbar offers. Adding a screen means adding one entry here and one case in the shell's
 * content switch — nothing else needs to know.
 */
import type { ComponentType } from 'react';
import {
  AdjustmentsIcon,
  BooksIcon,
  ChartIcon,
  OverviewIcon,
  PayoutsIcon,
  ProfileIcon,
  SalesIcon,
  SettingsIcon,
  type IconProps,
} from '../common/icons';
import { AdjustmentCount } from './adjustment-count';

/** Identifies a section of the main shell. */
export type SectionId = 'sales' | 'payouts' | 'books' | 'adjustments' | 'compare' | 'overview' | 'profile' | 'settings';

/** One navbar entry. */
export interface Section {
  id: SectionId;
  label: string;
  icon: ComponentType<IconProps>;
  /** A count shown under the label, drawn by its own component. */
  count?: ComponentType;
}

/** Navbar entries in display order; the first is where the shell opens. */
export const SECTIONS: readonly Section[] = [
  { id: 'sales', label: 'Sales', icon: SalesIcon },
  { id: 'payouts', label: 'Payouts', icon: PayoutsIcon },
  { id: 'books', label: 'Books', icon: BooksIcon },
  { id: 'adjustments', label: 'Adjustments', icon: AdjustmentsIcon, count: AdjustmentCount },
  { id: 'compare', label: 'Compare', icon: ChartIcon },
  { id: 'overview', label: 'All accounts', icon: OverviewIcon },
  { id: 'profile', label: 'Profile', icon: ProfileIcon },
  { id: 'settings', label: 'Settings', icon: SettingsIcon },
];
