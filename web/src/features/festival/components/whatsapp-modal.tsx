import { Button, Modal, Text } from '@mantine/core';
import { QrCode } from '@/components/qr-code';
import classes from './festival-footer.module.css';

type WhatsappModalProps = {
  url: string;
  opened: boolean;
  onClose: () => void;
};

/** The festival's WhatsApp group as a QR code (SPEC §9: 256 px, margin 2), drawn when the modal opens. */
export function WhatsappModal({ url, opened, onClose }: WhatsappModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="WhatsApp-Gruppe"
      centered
      overlayProps={{ backgroundOpacity: 0.75, blur: 3 }}
      closeButtonProps={{ 'aria-label': 'Schließen' }}
      classNames={{
        content: classes.modalContent,
        header: classes.modalHeader,
        title: classes.modalTitle,
        body: classes.modalBody,
      }}
    >
      <Text>
        <span className="pointer-fine">Scanne den Code mit deinem Handy, um der Gruppe des Festivals beizutreten.</span>
        <span className="pointer-coarse">Öffne die Gruppe des Festivals über den Button unter dem Code.</span>
      </Text>
      <QrCode value={url} size={256} margin={2} label="QR-Code der WhatsApp-Gruppe des Festivals" />
      <Button component="a" href={url} target="_blank" rel="noopener noreferrer" className={classes.whatsapp}>
        Gruppe direkt öffnen
      </Button>
    </Modal>
  );
}
