import { LegalPage } from "./legal-page";
import { cookiePolicy, privacyPolicy, termsOfService } from "./legal-texts";

export const PrivacyPage = () => <LegalPage document={privacyPolicy} />;
export const TermsPage = () => <LegalPage document={termsOfService} />;
export const CookiePage = () => <LegalPage document={cookiePolicy} />;
