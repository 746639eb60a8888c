import { runResultsHref } from '@prospector/contracts';
import '../styles.css';
import { useNavigate } from '@prospector/router';
import { useStartRun } from '../features/info-extractor/api/start-run.ts';
import { SimilarAccountsPage } from '../features/similar-accounts/components/similar-accounts-page.tsx';

/**
 * Similar accounts lead straight into extraction: a run started from the results opens on the info
 * extractor page, where its progress and results show.
 */
export default function SimilarAccountsWithExtraction() {
  const navigate = useNavigate();
  const { startAndWait } = useStartRun();
  return (
    <SimilarAccountsPage
      onStartExtraction={async (usernames, source, sourceDetail) => {
        const run = await startAndWait(usernames, source, sourceDetail);
        navigate(runResultsHref(run.id));
      }}
    />
  );
}
