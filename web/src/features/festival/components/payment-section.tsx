import { Button, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { LazyMarkdown } from '@/components/lazy-markdown';
import { Reveal } from '@/components/reveal';
import { SectionHeading } from '@/components/section-heading';
import { isHttpUrl } from '@/lib/safe-url';
import section from './section.module.css';
import classes from './payment-section.module.css';

type PaymentSectionProps = {
  paymentText: string | null;
  paymentUrl: string | null;
  label: string;
  stepsTitle: string;
};

function Coin() {
  return (
    <svg className={classes.coin} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="28" fill="none" stroke="currentColor" strokeWidth="3" />
      <circle cx="32" cy="32" r="21" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M32 17l4 10h10l-8 6 3 10-9-6-9 6 3-10-8-6h10l4-10Z" fill="currentColor" />
    </svg>
  );
}

/** DECISIONS §2: "Tribut" explains the tribute, links to the payment provider and to the code page. */
export function PaymentSection({ paymentText, paymentUrl, label, stepsTitle }: PaymentSectionProps) {
  const payment = paymentUrl && isHttpUrl(paymentUrl) ? paymentUrl : null;

  return (
    <section id="payment" className={`${section.section} ${section.ember}`} aria-labelledby="payment-title">
      <div className={section.inner}>
        <SectionHeading id="payment-title" eyebrow={label}>
          Tribut
        </SectionHeading>
        <Reveal className={classes.layout}>
          <div>
            {paymentText ? (
              <LazyMarkdown className={classes.text}>{paymentText}</LazyMarkdown>
            ) : (
              <Text className={classes.text}>
                Mit deinem Tribut sicherst du dir deinen Platz im Harz und erhältst deinen
                persönlichen Zugangscode.
              </Text>
            )}
          </div>
          <div className={classes.card}>
            <Coin />
            <Title order={3} className={classes.cardTitle}>
              {stepsTitle}
            </Title>
            {payment && (
              <Button
                component="a"
                href={payment}
                target="_blank"
                rel="noopener noreferrer"
                size="lg"
              >
                Tribut entrichten
              </Button>
            )}
            <Button component={Link} to="/enthuelle-dein-wappen" size="lg" variant="outline" color="gold.3">
              Enthülle dein Wappen
            </Button>
            <Text className={classes.note}>
              {payment
                ? 'Die Zahlung öffnet sich beim Zahlungsanbieter in einem neuen Tab.'
                : 'Den Link zur Zahlung erhältst du von der Orga.'}
            </Text>
          </div>
        </Reveal>
      </div>
    </section>
  );
}
