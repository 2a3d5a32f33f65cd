/** Catches a crashed screen and shows the crash banner with Retry, which re-mounts it. */
import { Alert, Button } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CRASH_BANNER_MESSAGE, shouldReport } from '@/domain/errors';
import { reportError } from '@/lib/report-error';

interface Props {
  children: ReactNode;
  /** Changing this (e.g. the route) clears the crash. */
  resetKey?: string;
}

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    if (shouldReport(error.message)) {
      const component = /at (\w+)/.exec(info.componentStack?.split('\n')[1] ?? '')?.[1];
      reportError(
        {
          type: 'general',
          severity: 'high',
          message: error.message,
          context: component ? { component } : {},
        },
        error,
      );
    }
  }

  componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => this.setState({ error: null })}>
            Retry
          </Button>
        }
      >
        {CRASH_BANNER_MESSAGE}
      </Alert>
    );
  }
}
