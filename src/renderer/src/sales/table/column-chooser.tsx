/**
 * The column chooser: every field of a sale with a checkbox to show it and arrows to move it, plus a reset. The
 * layout it edits is remembered per account by the view state; widths are set by dragging the header edges.
 */
import { ActionIcon, Button, Checkbox, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { ArrowDownIcon, ArrowUpIcon, ColumnsIcon } from '../../common/icons';
import { defaultLayout, moveColumn, setColumnVisible, visibleIds, type ColumnLayout } from './column-layout';
import { COLUMN_BY_ID, SALES_COLUMNS } from './sales-columns';
import { ToolbarButton } from './toolbar-button';

/** Props of {@link ColumnChooser}. */
export interface ColumnChooserProps {
  layout: ColumnLayout;
  onChange: (next: ColumnLayout) => void;
}

/** The "Columns" button and its popover. */
export function ColumnChooser({ layout, onChange }: ColumnChooserProps) {
  const shown = visibleIds(layout).length;
  return (
    <Popover position="bottom-end" shadow="md" width={290} withinPortal trapFocus>
      <Popover.Target>
        <ToolbarButton label="Columns" icon={<ColumnsIcon size={14} />} />
      </Popover.Target>
      <Popover.Dropdown p="xs" data-testid="column-chooser">
        <Text size="xs" c="dimmed" mb={6}>
          Show, hide and order the table’s columns. Drag a header’s right edge to change its width.
        </Text>
        <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {layout.order.map((id, index) => {
              const column = COLUMN_BY_ID.get(id);
              if (!column) return null;
              const visible = !layout.hidden.includes(id);
              return (
                <Group
                  key={id}
                  component="li"
                  gap={4}
                  wrap="nowrap"
                  justify="space-between"
                  data-testid="column-option"
                  data-column={id}
                >
                  <Checkbox
                    size="xs"
                    label={column.header}
                    checked={visible}
                    disabled={visible && shown <= 1}
                    onChange={(event) => onChange(setColumnVisible(layout, id, event.currentTarget.checked))}
                  />
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="gray"
                      disabled={index === 0}
                      aria-label={`Move ${column.header} up`}
                      onClick={() => onChange(moveColumn(layout, id, -1))}
                    >
                      <ArrowUpIcon size={14} />
                    </ActionIcon>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="gray"
                      disabled={index === layout.order.length - 1}
                      aria-label={`Move ${column.header} down`}
                      onClick={() => onChange(moveColumn(layout, id, 1))}
                    >
                      <ArrowDownIcon size={14} />
                    </ActionIcon>
                  </Group>
                </Group>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
        <Button size="compact-xs" variant="subtle" mt={6} onClick={() => onChange(defaultLayout(SALES_COLUMNS))}>
          Reset columns
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
