/**
 * Everything the cache knows about one sale, in a drawer beside the table: every field (extra fields the service
 * sent included), exact amounts in the sale's currency, when the cache first saw it and last saw it change, "Copy
 * reference" and "Copy sub-ID" buttons and the collection's store page (opened in the browser through the link policy).
 */
import { Badge, Button, Code, Divider, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { CachedSale } from '../../../../shared/sales-query-types';
import { statusText } from '../../common/status-text';
import { capitalize, formatDateTime, formatIsoDay, isHttpsUrl, MISSING } from '../../common/format';
import { CopyIcon, ExternalIcon } from '../../common/icons';
import { openExternal } from '../../common/open-external';
import { CommissionStatusBadge } from './commission-status-badge';
import { copyValue } from './copy-value';
import { commissionText, transactionText } from './sales-columns';
import { Tooltip } from '../../common/tooltip';
import { NoLongerReportedNote, SaleHistory, useSaleHistory } from '../changes';

/** Props of {@link SaleDrawer}. */
export interface SaleDrawerProps {
  sale: CachedSale | null;
  onClose: () => void;
}

/** Long names and identifiers wrap anywhere; amounts never break (the drawer is wide enough for any of them). */
function Field({
  label,
  children,
  testId,
  amount = false,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  amount?: boolean;
}) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text
        size="sm"
        component="div"
        style={amount ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}
        dir={amount ? undefined : 'auto'}
        data-testid={testId}
        data-amount={amount ? '' : undefined}
      >
        {children}
      </Text>
    </Stack>
  );
}

function orMissing(value: string | null): string {
  return value !== null && value.trim() !== '' ? value : MISSING;
}

/** The sale detail drawer. */
export function SaleDrawer({ sale, onClose }: SaleDrawerProps) {
  const { root, handleClose, handleExited } = useFocusBackOnClose(sale !== null, onClose);
  const history = useSaleHistory(sale?.reference ?? null);
  return (
    <Drawer
      ref={root}
      opened={sale !== null}
      onClose={handleClose}
      onExitTransitionEnd={handleExited}
      returnFocus={false}
      position="right"
      size="md"
      title={sale ? `Sale ${sale.reference}` : 'Sale'}
      closeButtonProps={{ 'aria-label': 'Close sale details' }}
      data-testid="sale-drawer"
    >
      {sale && (
        <Stack gap="md">
          <NoLongerReportedNote reference={sale.reference} history={history} />
          <Group gap="xs">
            <Button
              size="xs"
              leftSection={<CopyIcon size={14} />}
              onClick={() => void copyValue('reference', sale.reference)}
            >
              Copy reference
            </Button>
            {sale.subid !== null && sale.subid.trim() !== '' && (
              <Button
                size="xs"
                variant="default"
                leftSection={<CopyIcon size={14} />}
                onClick={() => void copyValue('sub-ID', sale.subid ?? '')}
              >
                Copy sub-ID
              </Button>
            )}
            {isHttpsUrl(sale.collectionUrl) ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<ExternalIcon size={14} />}
                onClick={() => void openExternal(sale.collectionUrl ?? '')}
              >
                Open store page
              </Button>
            ) : (
              <Tooltip label="This sale has no secure (https) store address to open." multiline w={240} withArrow>
                <span>
                  <Button size="xs" variant="default" leftSection={<ExternalIcon size={14} />} disabled>
                    Open store page
                  </Button>
                </span>
              </Tooltip>
            )}
          </Group>
          <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
            <Field label="Reference" testId="drawer-reference">
              {sale.reference}
            </Field>
            <Field label="Transaction date">{formatIsoDay(sale.transactionDate)}</Field>
            <Field label="Commission" testId="drawer-commission" amount>
              <strong>{commissionText(sale)}</strong>
            </Field>
            <Field label="Commission status">
              <CommissionStatusBadge status={sale.commissionStatus} />
            </Field>
            <Field label="Transaction amount" testId="drawer-transaction" amount>
              {transactionText(sale)}
            </Field>
            <Field label="Currency">{sale.currency}</Field>
            <Field label="Payment status">{statusText('payment', sale.paymentStatus)}</Field>
            <Field label="Payment date">{formatIsoDay(sale.paymentDate)}</Field>
            <Field label="Category">{capitalize(sale.category)}</Field>
            <Field label="Sub-ID">{orMissing(sale.subid)}</Field>
          </SimpleGrid>
          <Divider label="Product and collection" labelPosition="left" />
          <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
            <Field label="Product">{orMissing(sale.productName)}</Field>
            <Field label="Product slug">{orMissing(sale.productSlug)}</Field>
            <Field label="Collection">{orMissing(sale.collectionName)}</Field>
            <Field label="Collection slug">{orMissing(sale.collectionSlug)}</Field>
          </SimpleGrid>
          <Field label="Store page" testId="drawer-store-page">
            {orMissing(sale.collectionUrl)}
          </Field>
          <Divider label="In the cache" labelPosition="left" />
          <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
            <Field label="First seen">{formatDateTime(sale.firstSeen)}</Field>
            <Field label="Last changed">{formatDateTime(sale.lastChanged)}</Field>
          </SimpleGrid>
          <Divider label="History" labelPosition="left" />
          <SaleHistory history={history} />
          <Divider label="Extra fields from the service" labelPosition="left" />
          <ExtraFields extra={sale.extra} />
        </Stack>
      )}
    </Drawer>
  );
}

/**
 * Remembers what had focus when the drawer opened (the sales grid or a Changes row) and gives focus back to it when
 * the drawer closes. Mantine's own focus return records the opener in a passive effect and checks a timer at close;
 * a quick Escape (the drawer closes on Escape wherever focus is) could land before the drawer's focus trap had moved
 * focus in, the trap's delayed move then put focus in the closing drawer, and keyboard users were left on the page's
 * body. Here the opener is read in the commit that opens the drawer, focus goes back at once, and once more when the
 * drawer has gone if focus was still inside it or nowhere.
 */
function useFocusBackOnClose(opened: boolean, onClose: () => void) {
  const opener = useRef<HTMLElement | null>(null);
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!opened) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [opened]);
  const giveBack = useCallback(() => {
    if (opener.current?.isConnected) opener.current.focus({ preventScroll: true });
  }, []);
  const handleClose = useCallback(() => {
    onClose();
    giveBack();
  }, [onClose, giveBack]);
  const handleExited = useCallback(() => {
    const active = document.activeElement;
    if (active === null || active === document.body || root.current?.contains(active)) giveBack();
    opener.current = null;
  }, [giveBack]);
  return { root, handleClose, handleExited };
}

function ExtraFields({ extra }: { extra: CachedSale['extra'] }) {
  const entries = Object.entries(extra);
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None — the service sent only the documented fields.
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="drawer-extra">
      {entries.map(([key, value]) => (
        <Group key={key} gap="xs" wrap="nowrap" align="flex-start">
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {key}
          </Badge>
          <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {typeof value === 'string' ? value : JSON.stringify(value, null, 1)}
          </Code>
        </Group>
      ))}
    </Stack>
  );
}
