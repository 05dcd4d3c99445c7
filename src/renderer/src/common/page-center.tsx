/**
 * Centers a small block in the whole window. Used before the main shell exists — while the app
 * finds out whether a session is open, or when it could not — so those states never look empty.
 */
import { Center, Container } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of {@link PageCenter}. */
export interface PageCenterProps {
  children: ReactNode;
  /** Maximum width of the centered block. */
  size?: number | 'xs' | 'sm' | 'md' | 'lg';
}

/** A full-height, centered column. */
export function PageCenter({ children, size = 'sm' }: PageCenterProps) {
  return (
    <Center mih="100dvh" p="md" component="main">
      <Container size={size} w="100%" p={0}>
        {children}
      </Container>
    </Center>
  );
}
