import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { MailContent, MailSite } from './mail-content';

const page = {
  backgroundColor: '#f4f5f7',
  fontFamily: 'Helvetica, Arial, "Noto Sans Arabic", sans-serif',
  margin: 0,
};
const card = {
  backgroundColor: '#ffffff',
  borderRadius: '12px',
  margin: '24px auto',
  maxWidth: '560px',
  padding: '32px',
};
const paragraph = { color: '#1f2937', fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' };
const muted = { color: '#6b7280', fontSize: '13px', lineHeight: '20px', margin: '0 0 4px' };

/** The site's logo, or its name in the brand colour when it has none. */
function SiteMark({ site }: { site: MailSite }) {
  return (
    <Section style={{ marginBottom: '24px' }}>
      {site.logoUrl ? (
        <Img src={site.logoUrl} alt={site.name} height="32" />
      ) : (
        <Text style={{ color: site.brandColor, fontSize: '20px', fontWeight: 700, margin: 0 }}>
          {site.name}
        </Text>
      )}
    </Section>
  );
}

/** A one-time code, large and always left to right. */
function MailCode({ code }: { code: string }) {
  return (
    <Text
      dir="ltr"
      style={{
        ...paragraph,
        fontSize: '28px',
        fontWeight: 700,
        letterSpacing: '6px',
        textAlign: 'center',
      }}
    >
      {code}
    </Text>
  );
}

/** The mail's one button, in the brand colour. */
function MailAction({
  action,
  brandColor,
}: {
  action: NonNullable<MailContent['action']>;
  brandColor: string;
}) {
  return (
    <Section style={{ margin: '8px 0 24px', textAlign: 'center' }}>
      <Button
        href={action.url}
        style={{
          backgroundColor: brandColor,
          borderRadius: '8px',
          color: '#ffffff',
          fontWeight: 600,
          padding: '12px 20px',
        }}
      >
        {action.label}
      </Button>
    </Section>
  );
}

/** Label: value lines in a grey box, each value left to right (addresses, times). */
function MailDetails({ details }: { details: NonNullable<MailContent['details']> }) {
  return (
    <Section
      style={{
        backgroundColor: '#f9fafb',
        borderRadius: '8px',
        margin: '0 0 16px',
        padding: '12px 16px',
      }}
    >
      {details.map((detail) => (
        <Text key={detail.label} style={muted}>
          {detail.label}: <span dir="ltr">{detail.value}</span>
        </Text>
      ))}
    </Section>
  );
}

/**
 * Every mail's HTML (issue 36 item 6, decision 179): the site's name, logo and brand colour (settings), the message in the
 * member's language (right to left for Arabic), a code or a button where the mail has one.
 */
export function MailLayout({ content, site }: { content: MailContent; site: MailSite }) {
  const { language, direction } = content;
  const align = direction === 'rtl' ? 'right' : 'left';
  return (
    <Html lang={language} dir={direction}>
      <Head>
        <title>{content.subject}</title>
      </Head>
      <Preview>{content.preview ?? content.subject}</Preview>
      <Body style={page}>
        <Container style={{ ...card, textAlign: align }}>
          <SiteMark site={site} />
          <Heading as="h1" style={{ color: '#111827', fontSize: '20px', margin: '0 0 16px' }}>
            {content.subject}
          </Heading>
          <Text style={paragraph}>{content.greeting}</Text>
          {content.paragraphs.map((text) => (
            <Text key={text} style={paragraph}>
              {text}
            </Text>
          ))}
          {content.code && <MailCode code={content.code} />}
          {content.action && <MailAction action={content.action} brandColor={site.brandColor} />}
          {content.details && content.details.length > 0 && <MailDetails details={content.details} />}
          {content.closing.map((text) => (
            <Text key={text} style={paragraph}>
              {text}
            </Text>
          ))}
          <Hr style={{ borderColor: '#e5e7eb', margin: '24px 0 12px' }} />
          <Text style={muted}>{site.name}</Text>
        </Container>
      </Body>
    </Html>
  );
}
