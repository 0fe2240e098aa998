import { Box, Button, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import classes from './login-carousel.module.css';
import { useCarousel } from './use-carousel';

const slides = [
  { title: 'login.slide1.title', text: 'login.slide1.text' },
  { title: 'login.slide2.title', text: 'login.slide2.text' },
  { title: 'login.slide3.title', text: 'login.slide3.text' },
  { title: 'login.slide4.title', text: 'login.slide4.text' },
] as const;

/** The login's four highlights, one visible at a time, with pause and a button per slide. */
export function LoginCarousel() {
  const { t } = useTranslation();
  const carousel = useCarousel(slides.length);
  return (
    <Box
      component="section"
      className={classes.carousel}
      aria-roledescription="carousel"
      aria-label={t('login.carousel')}
      {...carousel.holdHandlers}
    >
      <div aria-live={carousel.isPaused ? 'polite' : 'off'}>
        {slides.map((slide, index) => (
          <Stack
            key={slide.title}
            gap="sm"
            className={classes.slide}
            data-active={index === carousel.index || undefined}
            data-motion={carousel.animatesSlide || undefined}
            aria-hidden={index !== carousel.index}
            role="group"
            aria-roledescription="slide"
            aria-label={t('login.carousel.go', { n: index + 1, total: slides.length })}
          >
            <Title order={2} c="white" size="h2">
              {t(slide.title)}
            </Title>
            <Text c="white" size="lg">
              {t(slide.text)}
            </Text>
          </Stack>
        ))}
      </div>
      <Group gap="xs" mt="xl">
        {slides.map((slide, index) => (
          <UnstyledButton
            key={slide.title}
            className={classes.dot}
            data-active={index === carousel.index || undefined}
            aria-label={t('login.carousel.go', { n: index + 1, total: slides.length })}
            aria-current={index === carousel.index ? 'true' : undefined}
            onClick={() => carousel.goTo(index)}
          />
        ))}
        {!carousel.reduceMotion && (
          <Button
            variant="white"
            size="compact-xs"
            ml="sm"
            className={classes.pause}
            onClick={carousel.togglePaused}
          >
            {t(carousel.isPaused ? 'login.carousel.play' : 'login.carousel.pause')}
          </Button>
        )}
      </Group>
    </Box>
  );
}
