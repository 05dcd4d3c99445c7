/**
 * The card both sign-in forms sit in: a bordered panel holding the form, named by its heading so assistive
 * technology announces which form it is, with a line under the heading that says where the details come from.
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type FormEvent, type ReactNode } from 'react';

/** Props of {@link CredentialCard}. */
export interface CredentialCardProps {
  title: string;
  intro: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** A titled credential form in its card. */
export function CredentialCard({ title, intro, onSubmit, children }: CredentialCardProps) {
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', xs: 'xl' }} shadow="xs">
      <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} size="h2" id={titleId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          </Stack>
          {children}
        </Stack>
      </form>
    </Paper>
  );
}
