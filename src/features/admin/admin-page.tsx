/**
 * `/admin`: the admin area's tab panel (spec 2, "Admin area", with Reports, the Inbox and the Audit log beside the
 * spec's tabs), Photos first.
 */
import { Box, Container, Tab, Tabs, Typography } from '@mui/material';
import { useState, type ComponentType } from 'react';
import { PageMeta } from '@/components/page-meta';
import { ADMIN_TABS, DEFAULT_ADMIN_TAB, type AdminTab } from '@/domain/admin';
import { AbTestsTab } from './ab-tests-tab';
import { AnalyticsTab } from './analytics-tab';
import { ArticlesTab } from './articles-tab';
import { AuditLogTab } from './audit-log-tab';
import { FeaturesTab } from './features-tab';
import { InboxTab } from './inbox-tab';
import { InsightsReactionsCard } from './insights-reactions-card';
import { PhotosTab } from './photos-tab';
import { PwaToolsTab } from './pwa-tools-tab';
import { ReportsTab } from './reports-tab';
import { ReviewTab } from './review-tab';
import { UsersTab } from './users-tab';

/** Each tab's panel. */
const PANELS: Record<AdminTab, ComponentType> = {
  Users: UsersTab,
  Photos: PhotosTab,
  Reports: ReportsTab,
  Review: ReviewTab,
  Inbox: InboxTab,
  Features: FeaturesTab,
  'AB Tests': AbTestsTab,
  Articles: ArticlesTab,
  'PWA Tools': PwaToolsTab,
  'Audit log': AuditLogTab,
};

const tabId = (tab: AdminTab) => `admin-tab-${tab.replace(/\s+/g, '-').toLowerCase()}`;

export function AdminPage() {
  const [tab, setTab] = useState<AdminTab>(DEFAULT_ADMIN_TAB);
  const Panel = PANELS[tab];
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageMeta title="Admin" description="Run the community." robots="noindex, nofollow" />
      <Typography variant="h5" component="h1" gutterBottom>
        Admin
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, next: AdminTab) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Admin area"
      >
        {ADMIN_TABS.map((name) => (
          <Tab key={name} value={name} label={name} id={tabId(name)} aria-controls={`${tabId(name)}-panel`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${tabId(tab)}-panel`} aria-labelledby={tabId(tab)} sx={{ pt: 3 }}>
        <Panel />
        {tab === 'AB Tests' && (
          <>
            <AnalyticsTab />
            <InsightsReactionsCard />
          </>
        )}
      </Box>
    </Container>
  );
}
