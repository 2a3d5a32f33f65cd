/** Report a photo with one of the spec's reasons; the photo then leaves the reporter's feed. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useState } from 'react';
import { REPORT_REASONS, type ReportReason } from '@/domain/rating';

export function ReportDialog({
  onReport,
  onClose,
}: {
  onReport: (reason: ReportReason) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  return (
    <Dialog open onClose={onClose} aria-labelledby="report-title" fullWidth maxWidth="xs">
      <DialogTitle id="report-title">Report this photo</DialogTitle>
      <DialogContent>
        <RadioGroup
          aria-labelledby="report-title"
          value={reason ?? ''}
          onChange={(event) => setReason(event.target.value as ReportReason)}
        >
          {REPORT_REASONS.map((option) => (
            <FormControlLabel key={option} value={option} control={<Radio />} label={option} />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" disabled={!reason} onClick={() => reason && onReport(reason)}>
          Report
        </Button>
      </DialogActions>
    </Dialog>
  );
}
