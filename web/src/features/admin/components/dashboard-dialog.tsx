import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

type DashboardDialogProps = { title: string; onClose: () => void; size?: ModalRootProps['size']; children: ReactNode };

/**
 * An open dialog of the festival tools. Built from Modal's parts for two things the plain Modal
 * gets wrong for axe: its header is a <header> inside role="dialog", a second banner landmark
 * beside the dashboard's, and its close button has no name.
 */
export function DashboardDialog({ title, onClose, size = 'lg', children }: DashboardDialogProps) {
  return (
    <Modal.Root opened onClose={onClose} centered size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
