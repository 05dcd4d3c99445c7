/**
 * The sections the navbar offers. Adding a screen means adding one entry here and one case in the shell's
 * content switch — nothing else needs to know.
 */
import type { ComponentType } from 'react';
import {
  ChartIcon,
  OverviewIcon,
  PayoutsIcon,
  ProfileIcon,
  SalesIcon,
  SettingsIcon,
  type IconProps,
} from '../common/icons';

/** Identifies a section of the main shell. */
export type SectionId = 'sales' | 'payouts' | 'compare' | 'overview' | 'profile' | 'settings';

/** One navbar entry. */
export interface Section {
  id: SectionId;
  label: string;
  icon: ComponentType<IconProps>;
}

/** Navbar entries in display order; the first is where the shell opens. */
export const SECTIONS: readonly Section[] = [
  { id: 'sales', label: 'Sales', icon: SalesIcon },
  { id: 'payouts', label: 'Payouts', icon: PayoutsIcon },
  { id: 'compare', label: 'Compare', icon: ChartIcon },
  { id: 'overview', label: 'All accounts', icon: OverviewIcon },
  { id: 'profile', label: 'Profile', icon: ProfileIcon },
  { id: 'settings', label: 'Settings', icon: SettingsIcon },
];
