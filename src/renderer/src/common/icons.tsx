/**
 * The app's icons, named for what they mean here, drawn by Tabler (Mantine's companion set). The components are
 * bundled SVG: no network and no inline script, so the content policy is unchanged. Each defaults to the size and
 * stroke the app uses and is hidden from assistive technology, because every icon sits next to a text or label.
 */
import {
  IconAlertTriangle,
  IconArrowsDiff,
  IconNotebook,
  IconCalendar,
  IconCash,
  IconCertificate,
  IconArrowDown,
  IconArrowLeft,
  IconArrowUp,
  IconChartBar,
  IconCheck,
  IconCircleCheck,
  IconColumns3,
  IconCopy,
  IconDeviceDesktop,
  IconDots,
  IconDownload,
  IconExternalLink,
  IconFileSpreadsheet,
  IconFileUpload,
  IconFilter,
  IconFolderOpen,
  IconHistory,
  IconInfoCircle,
  IconLayoutGrid,
  IconLock,
  IconLogout,
  IconMoon,
  IconPlus,
  IconReceipt,
  IconRefresh,
  IconSearch,
  IconSelector,
  IconSettings,
  IconSun,
  IconTrash,
  IconTrendingUp,
  IconUser,
  IconWifiOff,
  type Icon,
  type IconProps as TablerIconProps,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** Props every icon takes: a pixel size, a stroke width, plus any SVG attribute. */
export type IconProps = TablerIconProps;

function appIcon(Tabler: Icon, name: string): ComponentType<IconProps> {
  const AppIcon = (props: IconProps) => (
    <Tabler size={18} stroke={1.8} aria-hidden="true" focusable="false" {...props} />
  );
  AppIcon.displayName = name;
  return AppIcon;
}

export const SalesIcon = appIcon(IconReceipt, 'SalesIcon');
export const BooksIcon = appIcon(IconNotebook, 'BooksIcon');
export const AdjustmentsIcon = appIcon(IconArrowsDiff, 'AdjustmentsIcon');
export const PayoutsIcon = appIcon(IconCash, 'PayoutsIcon');
export const OverviewIcon = appIcon(IconLayoutGrid, 'OverviewIcon');
export const ProfileIcon = appIcon(IconUser, 'ProfileIcon');
export const AlertIcon = appIcon(IconAlertTriangle, 'AlertIcon');
export const DownloadIcon = appIcon(IconDownload, 'DownloadIcon');
export const LogoIcon = appIcon(IconTrendingUp, 'LogoIcon');
export const LeaveIcon = appIcon(IconLogout, 'LeaveIcon');
export const InfoIcon = appIcon(IconInfoCircle, 'InfoIcon');
export const CheckIcon = appIcon(IconCheck, 'CheckIcon');
export const SelectorIcon = appIcon(IconSelector, 'SelectorIcon');
export const PlusIcon = appIcon(IconPlus, 'PlusIcon');
export const ArrowLeftIcon = appIcon(IconArrowLeft, 'ArrowLeftIcon');
export const LockIcon = appIcon(IconLock, 'LockIcon');
export const CheckCircleIcon = appIcon(IconCircleCheck, 'CheckCircleIcon');
export const SyncIcon = appIcon(IconRefresh, 'SyncIcon');
export const SettingsIcon = appIcon(IconSettings, 'SettingsIcon');
export const ColumnsIcon = appIcon(IconColumns3, 'ColumnsIcon');
export const SearchIcon = appIcon(IconSearch, 'SearchIcon');
export const OfflineIcon = appIcon(IconWifiOff, 'OfflineIcon');
export const CopyIcon = appIcon(IconCopy, 'CopyIcon');
export const ExternalIcon = appIcon(IconExternalLink, 'ExternalIcon');
export const ChartIcon = appIcon(IconChartBar, 'ChartIcon');
export const HistoryIcon = appIcon(IconHistory, 'HistoryIcon');
export const ArrowUpIcon = appIcon(IconArrowUp, 'ArrowUpIcon');
export const ArrowDownIcon = appIcon(IconArrowDown, 'ArrowDownIcon');
export const FilterIcon = appIcon(IconFilter, 'FilterIcon');
export const SunIcon = appIcon(IconSun, 'SunIcon');
export const MoonIcon = appIcon(IconMoon, 'MoonIcon');
export const MonitorIcon = appIcon(IconDeviceDesktop, 'MonitorIcon');
export const MoreIcon = appIcon(IconDots, 'MoreIcon');
export const FolderIcon = appIcon(IconFolderOpen, 'FolderIcon');
export const SpreadsheetIcon = appIcon(IconFileSpreadsheet, 'SpreadsheetIcon');
export const CertificateIcon = appIcon(IconCertificate, 'CertificateIcon');
export const FileUploadIcon = appIcon(IconFileUpload, 'FileUploadIcon');
export const TrashIcon = appIcon(IconTrash, 'TrashIcon');
export const CalendarIcon = appIcon(IconCalendar, 'CalendarIcon');
