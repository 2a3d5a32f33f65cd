/**
 * `/contact`: a message to the team, for visitors and members (spec 2 sections 2, 5, 7), with the
 * address to reply to: a member's account address is filled in, and they may give another.
 */
import { Alert, Box, Button, Container, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { FormTextField } from '@/components/form-fields';
import { PageMeta } from '@/components/page-meta';
import { paths } from '@/config/paths';
import { call } from '@/data/callables';
import { useSession } from '@/data/session';
import {
  CONTACT_EMAIL_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGES,
  contactSchema,
  type ContactInput,
} from '@/domain/contact';

export const CONTACT_TITLE = 'Contact us';
export const CONTACT_DESCRIPTION =
  'Questions, ideas or a problem with your account? Write to the Photorater team; we read every message.';

export function ContactPage() {
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { member, user } = useSession();
  const accountEmail = user?.email ?? member?.email ?? '';
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <PageMeta title={CONTACT_TITLE} description={CONTACT_DESCRIPTION} canonicalPath={paths.contact} />
      <Typography variant="h4" component="h1" gutterBottom>
        {CONTACT_TITLE}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {CONTACT_DESCRIPTION}
      </Typography>
      {sent ? (
        <Alert severity="success" role="status">
          {CONTACT_MESSAGES.thanks}
        </Alert>
      ) : (
        <Formik<ContactInput>
          initialValues={{ email: accountEmail, message: '' }}
          enableReinitialize
          validationSchema={contactSchema}
          onSubmit={async (values) => {
            setFailure(null);
            try {
              await call('sendContactMessage', contactSchema.cast(values));
              setSent(true);
            } catch (error) {
              setFailure(error instanceof Error ? error.message : String(error));
            }
          }}
        >
          {({ values, isSubmitting }) => (
            <Form noValidate>
              <FormTextField
                name="email"
                type="email"
                label="Your e-mail (for our reply)"
                autoComplete="email"
                required
                slotProps={{ htmlInput: { maxLength: CONTACT_EMAIL_MAX } }}
              />
              <FormTextField
                name="message"
                label="Your message"
                multiline
                minRows={5}
                required
                slotProps={{ htmlInput: { maxLength: CONTACT_MESSAGE_MAX } }}
              />
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2 }}>
                <Typography variant="body2" color="text.secondary" aria-live="polite">
                  {values.message.length} / {CONTACT_MESSAGE_MAX}
                </Typography>
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  Send
                </Button>
              </Box>
              {failure && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {failure}
                </Alert>
              )}
            </Form>
          )}
        </Formik>
      )}
    </Container>
  );
}
