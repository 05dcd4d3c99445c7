/** One titled panel of the Settings screen, so every section looks and is announced the same way. */
import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of {@link SettingsCard}. */
export interface SettingsCardProps {
  title: string;
  children: ReactNode;
  testId?: string;
}

/** A bordered Settings section under its heading. */
export function SettingsCard({ title, children, testId }: SettingsCardProps) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}
