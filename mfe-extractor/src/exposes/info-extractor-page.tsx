import '../styles.css';
import { ExtractFromList } from '../features/account-lists/components/extract-from-list.tsx';
import {
  InfoExtractorPage,
  type TSourceTabs,
} from '../features/info-extractor/components/info-extractor-page.tsx';
import { ExtractByKeyword } from '../features/keyword-search/components/extract-by-keyword.tsx';

/** The info extractor's other sources: each tab starts its runs through the page. */
const SOURCE_TABS: TSourceTabs = {
  keyword: (startExtraction) => <ExtractByKeyword onStartExtraction={startExtraction} />,
  followers: (startExtraction) => <ExtractFromList tab="followers" onStartExtraction={startExtraction} />,
  hashtag: (startExtraction) => <ExtractFromList tab="hashtag" onStartExtraction={startExtraction} />,
};

export default function InfoExtractorWithSources() {
  return <InfoExtractorPage sourceTabs={SOURCE_TABS} />;
}
