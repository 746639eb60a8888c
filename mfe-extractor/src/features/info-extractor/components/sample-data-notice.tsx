import { Alert, AlertDescription, AlertTitle, Badge } from '@prospector/ui';
import FlaskConicalIcon from 'lucide-react/icons/flask-conical';
import { useProviderInfo } from '../../../api/get-provider-info.ts';

export const SAMPLE_DATA_TEXT = 'Profiles are generated sample data, not real Instagram accounts';

/** Says so when the extractor answers from its sandbox provider, so nobody mails a made-up address. */
export function SampleDataNotice() {
  const provider = useProviderInfo();
  if (!provider.data?.sampleData) return null;
  return (
    <Alert role="status" data-testid="sample-data-notice">
      <FlaskConicalIcon aria-hidden />
      <AlertTitle>
        <Badge variant="outline">Sample data</Badge>
      </AlertTitle>
      <AlertDescription>{SAMPLE_DATA_TEXT}.</AlertDescription>
    </Alert>
  );
}
