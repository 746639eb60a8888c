-- Whether a found e-mail is a role mailbox, now a fact apart from its status (docs/architecture.md §14):
-- the verdicts stored before get "role" from the profile's address, as isRoleEmail in the contracts reads
-- it (the local part before the last @, lower case, up to a +; this list is ROLE_LOCAL_PARTS when this
-- was written). A verdict of code "role" keeps its status: the check stopped at the role rule, before the
-- DNS-unknown and probe-unknown rules, so "deliverable" cannot be told; its reason says to re-check it.
UPDATE "extractor"."extraction_run_items" SET
	"email_check" = "email_check" || jsonb_build_object('role', coalesce(split_part(lower(substring(btrim("profile" ->> 'public_email') from '^(.+)@[^@]*$')), '+', 1) = ANY (ARRAY['abuse', 'accounting', 'accounts', 'admin', 'administrator', 'billing', 'bookings', 'booking', 'careers', 'contact', 'contactus', 'enquiries', 'enquiry', 'feedback', 'hello', 'help', 'helpdesk', 'hostmaster', 'hr', 'info', 'inquiries', 'inquiry', 'jobs', 'legal', 'mail', 'marketing', 'media', 'news', 'newsletter', 'noreply', 'no-reply', 'office', 'orders', 'postmaster', 'press', 'privacy', 'reservations', 'sales', 'security', 'service', 'support', 'team', 'webmaster']), false)) || CASE WHEN "email_check" ->> 'code' = 'role' THEN jsonb_build_object('reason', 'a role address checked before its deliverability was told apart: re-check it for its status') ELSE '{}'::jsonb END
WHERE "email_check" IS NOT NULL;
