import { LegalDocument } from '@/features/festival/components/legal-document';

export function ImprintRoute() {
  return (
    <main id="main" tabIndex={-1}>
      <LegalDocument kind="imprint" />
    </main>
  );
}

export function PrivacyRoute() {
  return (
    <main id="main" tabIndex={-1}>
      <LegalDocument kind="privacyPolicy" />
    </main>
  );
}
